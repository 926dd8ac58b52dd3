#!/bin/sh
# A production install, in two steps: the one recipe the Dockerfile and scripts/production-install.test.ts both run.
#
#   scripts/production-install.sh build            npm ci, then npm run build: the web app and the server bundle
#                                                  (operator commands included) in dist/
#   scripts/production-install.sh runtime <dir>    copies what production runs into <dir> (no source, no test) and
#                                                  installs the production dependencies there, and nothing else
#
# In <dir>, `node dist/server/main.mjs` (npm run start:prod) starts Pulse and `npm run db:migrate`, `db:backup`,
# `db:restore`, `sessions:revoke`, `contact:list`, `user:export`, `user:delete` run the operator commands; no
# development dependency is needed.
set -eu

case "${2:-}" in
  "" | /*) dir=${2:-} ;;
  *) dir=$PWD/$2 ;;
esac
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/production-install.sh build | runtime <dir>" >&2
  exit 2
}

# The registry mirror of some machines lists no non-Linux builds of packages with platform-specific optional
# dependencies, so `npm ci` calls the lock out of sync there; `npm install` with the lock installs the same locked
# versions (as .ci/run does).
npm_install() {
  npm ci --no-audit --no-fund "$@" || npm install --no-audit --no-fund --no-save "$@"
}

case "${1:-}" in
  build)
    [ $# -eq 1 ] || usage
    npm_install
    npm run build
    ;;
  runtime)
    [ $# -eq 2 ] || usage
    if [ ! -f dist/server/main.mjs ] || [ ! -f dist/web/index.html ]; then
      echo "production-install: no build in dist/; run scripts/production-install.sh build first" >&2
      exit 1
    fi
    mkdir -p "$dir/scripts"
    if [ "$(cd "$dir" && pwd -P)" = "$(pwd -P)" ]; then
      echo "production-install: <dir> must be another folder than the project's own" >&2
      exit 2
    fi
    rm -rf "$dir/dist"
    cp package.json package-lock.json "$dir/"
    cp -R dist "$dir/dist"
    # The operator launcher (npm run db:migrate …) and, beside it, the one module it reads (src/build/); it builds
    # nothing without src/.
    cp scripts/operator.mjs src/build/build-state.mjs "$dir/scripts/"
    cd "$dir"
    npm_install --omit=dev
    ;;
  *)
    usage
    ;;
esac
