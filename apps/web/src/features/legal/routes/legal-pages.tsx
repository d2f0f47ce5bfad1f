import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Section {
  heading: string;
  body: ReactNode;
}

function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly Section[];
}) {
  return (
    <article className="mx-auto max-w-3xl rounded-lg border bg-background p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Ships with Crewdesk 0.1. The operator of this installation may add to it.
      </p>
      <div className="mt-6 space-y-3 leading-relaxed text-foreground/90">{intro}</div>
      {sections.map((section, index) => (
        <section key={section.heading} className="mt-8" aria-labelledby={`section-${index}`}>
          <h2 id={`section-${index}`} className="text-lg font-semibold">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-2 space-y-3 leading-relaxed text-foreground/90 [&_li]:ml-5 [&_li]:list-disc">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}

const contactLink = (
  <Link to="/contact" className="text-primary underline underline-offset-4">
    contact page
  </Link>
);

const TERMS: readonly Section[] = [
  {
    heading: 'Who you are dealing with',
    body: (
      <p>
        Crewdesk is self-hosted software. This installation is run by its operator: the business or
        person who installed it and looks after its server, usually the business you work for. The
        operator decides who gets an account and is the one you deal with about this installation.
        The Crewdesk project only writes the software; it does not run this installation and has no
        access to it.
      </p>
    ),
  },
  {
    heading: 'The software licence',
    body: (
      <>
        <p>
          Crewdesk is free software, licensed under the GNU Affero General Public License, version 3
          only (AGPL-3.0). You may run, study, share and change it under that licence. Every feature
          is part of the free software: there is no paid edition.
        </p>
        <p>
          If the operator runs a modified version of Crewdesk for users over a network, the AGPL
          requires them to offer those users the source code of that modified version.
        </p>
      </>
    ),
  },
  {
    heading: 'No warranty',
    body: (
      <p>
        As the AGPL-3.0 states, the software is provided “as is”, without warranty of any kind, and
        to the extent permitted by law its authors are not liable for damages arising from its use.
        Any promise about availability, support or backups of this installation can only come from
        its operator.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <p>
          Keep your password to yourself and sign out on shared devices. Signing out ends your
          sessions on every device. Your role in each business account decides which screens you can
          open; the server checks it on every request.
        </p>
        <p>
          The operator or the owner of a business account may change your role or remove your
          access.
        </p>
      </>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <ul>
        <li>Do not use Crewdesk to break the law or to send messages people did not ask for.</li>
        <li>Do not try to reach data of business accounts you are not a member of.</li>
        <li>Do not try to disrupt, overload or break into the installation.</li>
      </ul>
    ),
  },
  {
    heading: 'Your data',
    body: (
      <p>
        What you enter belongs to the business account you entered it in, and is stored in this
        installation’s own database. The operator controls that database and its backups. Crewdesk
        is built so that all of an account’s data can be exported.
      </p>
    ),
  },
  {
    heading: 'Outside services',
    body: (
      <p>
        Out of the box, Crewdesk uses no outside service. If the operator switches one on (an e-mail
        server, a payment provider, a map or an AI model), the data that service needs is sent to
        it, and its own terms apply.
      </p>
    ),
  },
  {
    heading: 'Questions',
    body: <p>Write to the operator of this installation through the {contactLink}.</p>,
  },
];

const PRIVACY: readonly Section[] = [
  {
    heading: 'Who is responsible for your data',
    body: (
      <p>
        The operator of this Crewdesk installation — the business or person who runs it — decides
        what it is used for and is the controller of the personal data in it. The Crewdesk project
        never receives any of it.
      </p>
    ),
  },
  {
    heading: 'What is stored',
    body: (
      <ul>
        <li>
          Your account: e-mail address, name, the business name you gave, and your password as a
          one-way hash (never the password itself).
        </li>
        <li>
          Your sessions: when they start and expire, and the IP address and browser they were opened
          from, so that sessions can be reviewed and ended.
        </li>
        <li>
          What you and your team enter: contacts, requests, jobs, invoices and the rest, in the
          business account they belong to.
        </li>
        <li>
          Messages sent through the contact page: name, e-mail address, subject, message and when it
          was received.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Where it is stored',
    body: (
      <p>
        In this installation’s own database: an embedded PostgreSQL database in the server’s data
        folder, or a PostgreSQL server the operator chooses. Nothing is copied elsewhere by
        Crewdesk.
      </p>
    ),
  },
  {
    heading: 'No tracking',
    body: (
      <ul>
        <li>No telemetry: Crewdesk does not report usage to its authors or anyone else.</li>
        <li>
          No analytics, advertising or third-party scripts, and no fonts or images loaded from other
          sites.
        </li>
        <li>
          One cookie: an HTTP-only session cookie that keeps you signed in. Your browser’s local
          storage also keeps the account you selected, whether the sidebar is collapsed and which
          user is signed in in this browser.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Outside services',
    body: (
      <p>
        None are used unless the operator configures them. An e-mail server receives the messages it
        sends; a payment provider receives what a payment needs; a map or AI provider receives the
        addresses or questions sent to it.
      </p>
    ),
  },
  {
    heading: 'How long it is kept',
    body: (
      <p>
        Until it is deleted by the operator or the business account it belongs to. Sessions expire
        on their own, and signing out ends them at once.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You can ask the operator to show, correct, export or delete your personal data through the{' '}
        {contactLink}. Where the law gives you further rights (such as the GDPR in the European
        Union), the operator answers for them.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of use"
      intro={<p>These terms cover the use of this Crewdesk installation.</p>}
      sections={TERMS}
    />
  );
}

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy notice"
      intro={
        <p>
          This notice explains what this Crewdesk installation stores about you, where, and who
          controls it.
        </p>
      }
      sections={PRIVACY}
    />
  );
}
