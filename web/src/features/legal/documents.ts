/**
 * The Terms of Service and the Privacy Policy (docs/product.md#what-it-is-for), in our own words. Product name,
 * contact e-mail, country and capital come from the brand (functions/domain/brand.ts); the limits
 * from the shared constants. Plain data, no React: the pages render it and the tests read it.
 */
import { BRAND } from '@web/config/texts';
import { LEGAL_TEXTS } from './texts';

export interface LegalSection {
  /** The anchor of the section (`/terms#liability`). */
  id: string;
  heading: string;
  paragraphs: readonly string[];
  /** A bulleted list after the paragraphs. */
  list?: readonly string[];
  /** Paragraphs after the list. */
  after?: readonly string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

const { name, contactEmail, country, capital } = BRAND;

/** The facts docs/product.md#what-it-is-for requires of the legal texts, in one place (the e2e tests look for each). */
export const LEGAL_FACTS = {
  lastUpdated: 'July 9, 2025',
  minimumAge: 13,
  liabilityMonths: 12,
} as const;

export const TERMS: LegalDocument = {
  title: LEGAL_TEXTS.termsTitle,
  lastUpdated: LEGAL_TEXTS.lastUpdated,
  intro: [
    `These Terms of Service ("Terms") are the agreement between you and ${name} ("we", "us") for the use of the ${name} website and app (the "Service"). Please read them carefully. By creating an account or using the Service, you accept these Terms. If you do not accept them, do not use the Service.`,
  ],
  sections: [
    {
      id: 'eligibility',
      heading: '1. Who may use the Service',
      paragraphs: [
        `You must be at least ${LEGAL_FACTS.minimumAge} years old to use the Service. If you are under the age of majority where you live, you may use the Service only with the permission of a parent or legal guardian, who accepts these Terms on your behalf.`,
        'You must give accurate details when you sign up and keep them up to date. You are responsible for keeping your password secret and for everything done with your account. Tell us at once if you think someone else has used it.',
      ],
    },
    {
      id: 'service',
      heading: '2. What the Service does',
      paragraphs: [
        `${name} turns audio and video recordings you upload into text. Depending on the options you choose, it also identifies speakers, records word-level timings, writes an AI-generated summary and topic, and translates transcripts. You can organise your transcripts into projects and tags, download them, delete them and restore them.`,
        'Transcripts, summaries and translations are produced automatically and can contain mistakes. Check anything important against the original recording before you rely on it. The Service is not a substitute for professional medical, legal or other advice, and must not be used in an emergency.',
        'We may change, add or remove features. We will tell you in advance about changes that significantly reduce what you can do with the Service.',
      ],
    },
    {
      id: 'price',
      heading: '3. Price',
      paragraphs: [
        'The Service is currently free of charge: no payment and no credit card are required. If we ever introduce paid features, we will tell you beforehand, and nothing will be charged without your explicit agreement.',
      ],
    },
    {
      id: 'your-content',
      heading: '4. Your content',
      paragraphs: [
        'You keep every right you have in the recordings you upload and in the transcripts, summaries and translations made from them ("your content"). We claim no ownership of your content.',
        'You give us a limited, non-exclusive permission to store, copy, process and display your content only as needed to provide the Service to you: for example, to transcribe a recording, to show it to you, or to send it to the service providers described in section 7. This permission ends when you delete your content or your account.',
        'Your files are kept until you delete them, and access to them is restricted to the account that uploaded them: other users cannot see them. Deleting a transcript moves it to your deleted items, from where you can restore it; deleting your account removes all of your content permanently. The Privacy Policy explains the details.',
      ],
    },
    {
      id: 'copyright',
      heading: '5. Copyright and recordings of other people',
      paragraphs: [
        'Upload only recordings you have the right to use. You are responsible for having the rights, licences and permissions needed for each recording, including the consent of the people recorded where the law requires it. Do not upload material that infringes anyone’s copyright or other rights.',
        `If you believe that content on the Service infringes your copyright, write to ${contactEmail} with a description of the work, where the infringing material is, your contact details, and a statement that you are the owner or authorised to act for the owner. We will review every notice, remove infringing material where appropriate, and close the accounts of repeat infringers.`,
        `The ${name} software, website, name, logo and design are protected by copyright and other laws and belong to us or our licensors. These Terms give you no right to use them except to use the Service as intended. © ${name}. All rights reserved.`,
      ],
    },
    {
      id: 'acceptable-use',
      heading: '6. Acceptable use',
      paragraphs: ['When using the Service you must not:'],
      list: [
        'break any law, or record or upload people without a consent the law requires;',
        'upload malware or content that is unlawful, abusive or infringes the rights of others;',
        'try to access another user’s account or content, or to get around our security or usage limits;',
        'disrupt or overload the Service, or use automated means to access it other than as we allow;',
        'copy, resell or reverse engineer the Service, except where the law allows it.',
      ],
      after: ['We may remove content or suspend an account that breaks these rules.'],
    },
    {
      id: 'third-parties',
      heading: '7. Third-party services',
      paragraphs: [
        'To provide the Service we rely on carefully chosen third-party providers: a speech-to-text transcription service, an AI summary service (a large language model), a translation service, and cloud hosting, storage and e-mail delivery. They process your content only on our instructions and only to provide the Service. If you choose to sign in with Google, Google’s own terms also apply to that sign-in.',
      ],
    },
    {
      id: 'hipaa',
      heading: '8. Health information and HIPAA',
      paragraphs: [
        `${name} is not covered by the U.S. Health Insurance Portability and Accountability Act (HIPAA), and we do not offer or sign a business associate agreement (BAA). If you are a covered entity or business associate under HIPAA, do not use the Service to create, receive, store or transmit protected health information. Health professionals who use the Service remain responsible for meeting their own legal and professional duties of confidentiality.`,
      ],
    },
    {
      id: 'termination',
      heading: '9. Ending your use of the Service',
      paragraphs: [
        'You can stop using the Service at any time and delete your account from your profile. Deleting your account permanently removes your account and all of your content.',
        'We may suspend or close your account if you seriously or repeatedly break these Terms, if the law requires it, or if we stop providing the Service. Where we reasonably can, we will warn you first and give you time to download your content.',
      ],
    },
    {
      id: 'disclaimer',
      heading: '10. Disclaimer',
      paragraphs: [
        'We work hard to keep the Service available, secure and accurate, but we provide it "as is" and "as available". To the extent the law allows, we give no warranty that it will be uninterrupted or error-free, or that automatically produced transcripts, summaries or translations will be complete or correct.',
      ],
    },
    {
      id: 'liability',
      heading: '11. Limitation of liability',
      paragraphs: [
        `To the extent the law allows, our total liability to you for all claims arising from or relating to the Service or these Terms is limited to the amounts you paid us for the Service in the ${LEGAL_FACTS.liabilityMonths} months before the event giving rise to the claim. While the Service is free, that amount is zero.`,
        'We are not liable for indirect or consequential loss, such as loss of profits, business or data, that was not reasonably foreseeable. Nothing in these Terms limits liability that cannot be limited by law, such as liability for death or personal injury caused by negligence, or for fraud.',
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to these Terms',
      paragraphs: [
        'We may update these Terms. The date at the top shows the latest version. If a change is significant, we will tell you by e-mail or in the app before it takes effect. If you keep using the Service after that, you accept the new Terms; if you do not accept them, you can delete your account.',
      ],
    },
    {
      id: 'law',
      heading: '13. Governing law and courts',
      paragraphs: [
        `These Terms and any dispute about them or the Service are governed by the laws of ${country}. The courts of ${capital}, ${country}, have exclusive jurisdiction, except that if you are a consumer you keep the protection of the mandatory laws of the country where you live and may also bring proceedings there.`,
      ],
    },
    {
      id: 'contact',
      heading: '14. Contact',
      paragraphs: [`Questions about these Terms? Write to us at ${contactEmail}.`],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: LEGAL_TEXTS.privacyTitle,
  lastUpdated: LEGAL_TEXTS.lastUpdated,
  intro: [
    `This Privacy Policy explains what personal data ${name} ("we", "us") collects when you use our website and app (the "Service"), why, how long we keep it, who else handles it, and the rights you have. We are the controller of your personal data for the purposes of the EU and UK General Data Protection Regulation (GDPR).`,
  ],
  sections: [
    {
      id: 'data-we-collect',
      heading: '1. The data we collect',
      paragraphs: [],
      list: [
        'Account data: your name, e-mail address and password. Your password is handled by our identity service and stored only in a protected (hashed) form. If you sign in with Google, we receive your name and verified e-mail address from Google, never your Google password.',
        'Profile details you choose to add: gender, date of birth and country.',
        'Your content: the recordings you upload and everything made from them, namely transcripts, word timings, speaker labels, summaries, topics and translations, and your projects and tags.',
        'Support questions: the messages you send to the support chat, used only to answer them. We do not keep them after answering.',
        'Technical data: your IP address, browser type and the time of your requests, in security and server logs, used to protect the Service and to limit abuse.',
      ],
    },
    {
      id: 'cookies',
      heading: '2. Cookies',
      paragraphs: [
        'We use one essential cookie to keep you signed in, and, while you sign in with Google, a short-lived cookie that protects that sign-in. We use no advertising, analytics or tracking cookies, and we do not track you across other websites.',
      ],
    },
    {
      id: 'how-we-use',
      heading: '3. How we use your data, and our legal bases',
      paragraphs: ['We use your personal data only:'],
      list: [
        'to provide the Service you asked for: your account, transcription, summaries, translation, storage and downloads (performance of our contract with you);',
        'to keep the Service secure, prevent abuse and fix problems (our legitimate interests);',
        'to answer your questions and tell you about important changes to the Service (our contract with you and our legitimate interests);',
        'to meet our legal obligations.',
      ],
      after: [
        'We do not sell your personal data, we do not use it for advertising, and we do not use your recordings or transcripts to train AI models.',
      ],
    },
    {
      id: 'third-parties',
      heading: '4. Third-party service providers',
      paragraphs: [
        'We share personal data only with service providers that help us run the Service, under contracts that require them to protect it and to use it only on our instructions:',
      ],
      list: [
        'a cloud hosting and storage provider, which stores your account and your content;',
        'a speech-to-text transcription service, which turns your recordings into text;',
        'an AI summary service (a large language model), which writes summaries and topics and answers support questions;',
        'a translation service, which translates transcripts when you ask;',
        'an e-mail delivery service, which sends verification codes and password-reset links;',
        'Google, if you choose to sign in with Google.',
      ],
      after: ['We may also disclose data when the law requires it, for example to comply with a valid court order.'],
    },
    {
      id: 'access',
      heading: '5. Who can see your content',
      paragraphs: [
        'Access to your recordings, transcripts, summaries and translations is restricted to the account that uploaded them. Other users cannot see them, and there is no way to share them publicly. Our own staff do not look at your content, except where that is strictly needed to keep the Service running or the law requires it.',
      ],
    },
    {
      id: 'retention',
      heading: '6. How long we keep your data',
      paragraphs: [
        'Your files are kept until you delete them. Deleting a transcript moves it to your deleted items, from where you can restore it. When you delete your account, we permanently remove your account, your profile and all of your content, and end all of your sessions. Backup copies kept for disaster recovery expire within 35 days.',
        'Security and server logs are kept for up to 90 days. Records we must keep by law are kept for as long as the law requires.',
      ],
    },
    {
      id: 'security',
      heading: '7. Security',
      paragraphs: [
        'Your data is encrypted in transit and at rest, access to it is restricted by account, and sessions use secure, HttpOnly cookies. No system is perfectly secure, but we work to protect your data and will tell you and the authorities about a breach when the law requires it.',
      ],
    },
    {
      id: 'rights',
      heading: '8. Your rights under the GDPR',
      paragraphs: ['You have the right to:'],
      list: [
        'access the personal data we hold about you and receive a copy of it;',
        'have inaccurate data corrected (you can change most of it yourself in your profile);',
        'have your data erased (you can delete your account yourself at any time);',
        'restrict or object to our processing of your data;',
        'receive your data in a portable format (you can download your transcripts yourself);',
        'withdraw any consent you have given, at any time;',
        'lodge a complaint with a data protection supervisory authority, in particular in the country where you live or work.',
      ],
      after: [`To exercise any of these rights, write to ${contactEmail}. We answer within one month and will not charge you for it.`],
    },
    {
      id: 'transfers',
      heading: '9. International transfers',
      paragraphs: [
        'Some of our service providers may process data outside your country. When data leaves the European Economic Area or the United Kingdom, we make sure it is protected by appropriate safeguards, such as the European Commission’s standard contractual clauses.',
      ],
    },
    {
      id: 'children',
      heading: '10. Children',
      paragraphs: [
        `The Service is not meant for children under ${LEGAL_FACTS.minimumAge}, and we do not knowingly collect their data. If you believe a child under ${LEGAL_FACTS.minimumAge} has given us personal data, write to ${contactEmail} and we will delete it.`,
      ],
    },
    {
      id: 'hipaa',
      heading: '11. Health information and HIPAA',
      paragraphs: [
        `${name} is not covered by the U.S. Health Insurance Portability and Accountability Act (HIPAA), and we do not offer or sign a business associate agreement (BAA). Please do not upload protected health information if HIPAA applies to you.`,
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to this policy',
      paragraphs: ['We may update this policy. The date at the top shows the latest version. If a change is significant, we will tell you by e-mail or in the app before it takes effect.'],
    },
    {
      id: 'contact',
      heading: '13. Contact',
      paragraphs: [`Questions about your privacy, or a request about your data? Write to us at ${contactEmail}. The laws of ${country} apply to this policy, alongside the GDPR.`],
    },
  ],
};
