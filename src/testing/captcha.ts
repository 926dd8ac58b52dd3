import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance } from "fastify";

/** Fetches a challenge from the real endpoint and solves it the way the browser widget does. */
export async function solvedAltchaToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/api/captcha/challenge" });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return solveToToken(res.json<Challenge>());
}

export async function solveToToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}
