import { PRODUCT_NAME } from "@/lib/product-name";
import { Link } from "@/lib/router";
import { COMPANY_LOCATION, LegalEmail } from "./legal-contact";
import { LegalDocument, type LegalSection } from "./legal-document";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be at least 18 years old and able to form a binding contract to use the Service. If you use
          the Service on behalf of a company or other organization, you confirm that you have the authority to
          accept these Terms on its behalf, and &ldquo;you&rdquo; includes that organization.
        </p>
        <p>
          Access to the {PRODUCT_NAME} application is limited to people signing in with a Google account on an
          e-mail domain that has been authorized for the Service. You may not use the Service if you are
          barred from doing so under applicable law, or if we have previously suspended or terminated your
          access.
        </p>
      </>
    ),
  },
  {
    id: "account-registration",
    title: "Account Registration",
    body: (
      <>
        <p>
          You sign in to {PRODUCT_NAME} with your Google account. You are responsible for keeping your Google
          credentials secure, for all activity that happens under your account, and for making sure the
          information associated with it is accurate and current.
        </p>
        <p>
          Tell us right away at <LegalEmail to="legal" /> if you believe someone has used your account without
          permission. We may refuse, suspend or revoke access to an account that we reasonably believe is
          being misused or is not authorized by its organization.
        </p>
      </>
    ),
  },
  {
    id: "third-party-integrations",
    title: "Third-Party Integrations",
    body: (
      <>
        <p>
          The Service lets you connect third-party services such as Asana, Jira, Slack, Trello, Notion, Gmail,
          Google Meet, Zoom, Google Sheets, Google Docs and Google Drive. When you connect a service, you
          authorize {PRODUCT_NAME} to access and process data from it, within the permissions you grant, as
          needed to provide the Service to you.
        </p>
        <p>
          Your use of each third-party service is governed by that provider&apos;s own terms and privacy
          policy. We do not control those services and are not responsible for their availability, accuracy or
          conduct.
        </p>
        <p>
          You can disconnect an integration at any time from your settings. Disconnecting stops future
          syncing; data already brought into the Service is handled as described in our{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <>
        <p>
          The Service, including its software, design, text, graphics and trademarks, is owned by{" "}
          {PRODUCT_NAME} or its licensors and is protected by intellectual-property laws. Subject to these
          Terms, we grant you a limited, non-exclusive, non-transferable and revocable right to use the
          Service for your organization&apos;s internal business purposes.
        </p>
        <p>
          You keep all rights to the content and data that you or your integrations bring into the Service
          (&ldquo;Your Content&rdquo;). You grant us a limited license to host, process and display Your
          Content solely to provide, secure and improve the Service for you.
        </p>
        <p>You agree not to:</p>
        <ul>
          <li>copy, modify, resell or create derivative works of the Service;</li>
          <li>
            reverse engineer or attempt to extract the Service&apos;s source code, except where the law
            allows;
          </li>
          <li>
            use the Service to build a competing product, or to break the law or infringe anyone&apos;s
            rights;
          </li>
          <li>
            interfere with the Service&apos;s security or operation, or access it by automated means we have
            not allowed.
          </li>
        </ul>
        <p>If you send us feedback or suggestions, we may use them without any obligation to you.</p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Payments",
    body: (
      <>
        <p>
          Some features or plans may require payment. Fees, billing periods and payment terms are shown when
          you subscribe or in your order form. You authorize us, or our payment processor, to charge the
          payment method you provide for all fees and applicable taxes when they are due.
        </p>
        <p>
          Subscriptions renew automatically for the same period unless cancelled before the renewal date. We
          may change our fees with at least 30 days&apos; notice; changes take effect at your next renewal.
        </p>
        <p>
          <strong>
            All payments are non-refundable, except where a refund is required by California law.
          </strong>
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <>
        <p>
          You may stop using the Service at any time and ask us to close your account. We may suspend or
          terminate your access, with or without notice, if you breach these Terms, if your organization
          withdraws your authorization, or if we need to do so to comply with the law or to protect the
          Service or its users.
        </p>
        <p>
          When your access ends, your right to use the Service ends with it. Provisions that by their nature
          should survive termination, including intellectual property, amounts owed, the disclaimer, the
          limitation of liability and governing law, will survive.
        </p>
      </>
    ),
  },
  {
    id: "disclaimer",
    title: "Disclaimer",
    body: (
      <>
        <p>
          The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the fullest extent
          permitted by law, {PRODUCT_NAME} disclaims all warranties, express or implied, including warranties
          of merchantability, fitness for a particular purpose, title and non-infringement.
        </p>
        <p>
          Predictions, insights, summaries and recommendations produced by the Service are generated
          automatically and may be incomplete or inaccurate. They are meant to support your judgment, not
          replace it. We do not warrant that the Service will be uninterrupted, error-free or completely
          secure.
        </p>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    body: (
      <>
        <p>
          To the fullest extent permitted by law, {PRODUCT_NAME} and its officers, employees and partners will
          not be liable for any indirect, incidental, special, consequential or punitive damages, or for any
          loss of profits, revenue, data or goodwill, arising from or related to your use of the Service.
        </p>
        <p>
          <strong>
            Our total liability for all claims arising from or related to the Service or these Terms is
            limited to the amount you paid us for the Service in the 12 months before the event giving rise to
            the claim.
          </strong>
        </p>
        <p>
          Some jurisdictions do not allow certain of these limitations, so some of them may not apply to you.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: (
      <p>
        These Terms are governed by the laws of the State of California, without regard to its
        conflict-of-laws rules. Any dispute arising from or relating to these Terms or the Service will be
        brought exclusively in the state or federal courts located in Los Angeles County, California, and you
        and {PRODUCT_NAME} consent to the personal jurisdiction of those courts.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes",
    body: (
      <p>
        We may update these Terms from time to time. When we do, we will change the &ldquo;Last updated&rdquo;
        date above and, for material changes, give you reasonable notice in the Service or by e-mail before
        they take effect. If you keep using the Service after the changes take effect, you accept the updated
        Terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <>
        <p>
          Questions about these Terms? E-mail us at <LegalEmail to="legal" /> or write to us through our{" "}
          <Link to="/contact">contact form</Link>.
        </p>
        <p>
          {PRODUCT_NAME}, {COMPANY_LOCATION}
        </p>
      </>
    ),
  },
];

/** SPEC §2 Terms: effective and last updated May 2025, a back-to-home link and eleven sections. */
export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      sections={SECTIONS}
      intro={
        <p>
          These Terms of Service (&ldquo;Terms&rdquo;) govern your access to and use of the {PRODUCT_NAME}{" "}
          website, web application and related services (together, the &ldquo;Service&rdquo;), provided by{" "}
          {PRODUCT_NAME} (&ldquo;{PRODUCT_NAME}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo; or
          &ldquo;our&rdquo;), a company based in {COMPANY_LOCATION}. By accessing or using the Service you
          agree to these Terms. If you do not agree, please do not use the Service.
        </p>
      }
    />
  );
}
