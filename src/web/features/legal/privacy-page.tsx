import { PRODUCT_NAME } from "@/lib/product-name";
import { Link } from "@/lib/router";
import { COMPANY_LOCATION, LegalEmail } from "./legal-contact";
import { LegalDocument, type LegalSection } from "./legal-document";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to provide and protect the Service:</p>
        <ul>
          <li>
            <strong>Account information.</strong> When you sign in with Google, we receive your name, e-mail
            address and profile picture from your Google account.
          </li>
          <li>
            <strong>Data from connected services.</strong> When you connect an integration, we access the data
            needed to provide the Service, within the permissions you grant: for example projects and tasks
            from Asana, Jira or Trello, messages from Slack, e-mails from Gmail, files from Google Drive, Docs
            and Sheets, and, from Google services, meeting transcripts and calendar events.
          </li>
          <li>
            <strong>Information you give us.</strong> Messages you send through our contact form, including
            your name, e-mail address, company, reason for contact and, if you apply for a job, your resume.
          </li>
          <li>
            <strong>Preferences and technical data.</strong> Your notification preferences, working hours and
            time zone, and the technical information needed to run and secure the Service, such as browser
            type, device and server logs.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Information",
    body: (
      <>
        <p>We use the information we collect to:</p>
        <ul>
          <li>
            provide the Service: discover work across your tools, build PulseMaps and Pulses, generate
            predictions and send the notifications you ask for;
          </li>
          <li>
            sign you in and limit access to accounts of your organization&apos;s authorized e-mail domain;
          </li>
          <li>answer your questions, consider job applications and provide support;</li>
          <li>keep the Service secure, prevent abuse and fix problems;</li>
          <li>improve the Service and develop new features;</li>
          <li>comply with our legal obligations.</li>
        </ul>
        <p>
          We do not sell your personal information, and we do not use data from Google services or other
          connected tools for advertising. Our use of information received from Google APIs follows the Google
          API Services User Data Policy, including its Limited Use requirements.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Sharing",
    body: (
      <>
        <p>We share personal information only in these cases:</p>
        <ul>
          <li>
            <strong>Service providers</strong> that host, process or support the Service on our behalf, under
            contracts that require them to protect it and use it only for that purpose.
          </li>
          <li>
            <strong>Your organization.</strong> Other authorized members of your workspace can see the project
            information you share with them in the Service.
          </li>
          <li>
            <strong>Connected services</strong> you choose, when {PRODUCT_NAME} syncs with them at your
            request.
          </li>
          <li>
            <strong>Legal reasons</strong>, when required by law or legal process, or to protect the rights,
            property or safety of our users, the public or {PRODUCT_NAME}.
          </li>
          <li>
            <strong>Business transfers</strong>, such as a merger or acquisition, in which case this policy
            continues to apply to your information.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: (
      <>
        <p>
          We keep personal information only as long as we need it for the purposes described in this policy.
          Account and integration data are kept while your account is active. When you disconnect an
          integration we stop syncing it, and contact form messages are kept only as long as needed to respond
          or to complete a hiring process.
        </p>
        <p>
          You can ask us to delete your personal information at any time by e-mailing{" "}
          <LegalEmail to="privacy" />. Once we have verified your request, we will delete your information, or
          tell you which information we must keep to meet a legal obligation, within the time required by law.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>
          Depending on where you live, including under the California Consumer Privacy Act, you may have the
          right to:
        </p>
        <ul>
          <li>know what personal information we hold about you and receive a copy of it;</li>
          <li>correct information that is inaccurate;</li>
          <li>have your personal information deleted;</li>
          <li>
            opt out of the sale or sharing of personal information (we do not sell or share it for
            advertising);
          </li>
          <li>not be treated differently for exercising any of these rights.</li>
        </ul>
        <p>
          To exercise a right, e-mail <LegalEmail to="privacy" />. You can also withdraw {PRODUCT_NAME}&apos;s
          access to your Google data at any time from the security settings of your Google account, or
          disconnect any integration from your {PRODUCT_NAME} settings.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect your information with administrative, technical and physical safeguards, including
        encrypted connections, sign-in through Google limited to authorized accounts, short-lived sessions
        that can be revoked, and access for our staff only where it is needed. No method of transmission or
        storage is completely secure, but we work continuously to protect your data and will notify you of a
        breach as the law requires.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes",
    body: (
      <p>
        We may update this Privacy Policy from time to time. When we do, we will change the &ldquo;Last
        updated&rdquo; date above and, for material changes, let you know in the Service or by e-mail before
        they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <>
        <p>
          Questions or requests about your privacy? E-mail us at <LegalEmail to="privacy" /> or write to us
          through our <Link to="/contact">contact form</Link>.
        </p>
        <p>
          {PRODUCT_NAME}, {COMPANY_LOCATION}
        </p>
      </>
    ),
  },
];

/** SPEC §2 Privacy: eight sections, deletion on request to the privacy address, the Google services used. */
export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      sections={SECTIONS}
      intro={
        <p>
          This Privacy Policy explains how {PRODUCT_NAME} (&ldquo;{PRODUCT_NAME}&rdquo;, &ldquo;we&rdquo;,
          &ldquo;us&rdquo;) collects, uses and protects information when you visit our website, use the{" "}
          {PRODUCT_NAME} application or contact us. {PRODUCT_NAME} connects to Google services such as meeting
          transcripts and calendar events, and to the other work tools you choose, so that it can understand
          your projects. We take that responsibility seriously.
        </p>
      }
    />
  );
}
