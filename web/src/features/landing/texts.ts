/**
 * The landing page's texts. Shared words are in `@web/config/texts`; like it, this module has no browser or React
 * imports (tests read it).
 */

/** docs/product.md#screens-and-routes (landing page). */
export const LANDING_TEXTS = {
  title: 'Turn every recording into clear, searchable text',
  tagline: 'Transcribe audio like never before',
  getStarted: 'Get Started',
  lead: 'Upload audio or video and get an accurate transcript with a summary, a topic, speakers and word-level timings.',
  haveAccount: 'Already have an account? Log in',
  heroNote: 'No payment and no credit card required.',
  audiencesTitle: 'Who Is It For',
  audiences: [
    { name: 'Doctors', description: 'Medical notes and patient interviews' },
    { name: 'Nurses', description: 'Clinical observations' },
    { name: 'Lawyers', description: 'Depositions and interviews' },
    { name: 'Students', description: 'Lectures and study sessions' },
    { name: 'Podcasters', description: 'Episodes and interviews' },
    { name: 'Journalists', description: 'Interviews and field notes' },
  ],
  featuresTitle: 'Everything you need from a recording',
  features: [
    {
      name: 'AI-powered transcription',
      description: 'Upload audio or video and get an accurate transcript, with optional speaker identification and word-level timings.',
    },
    {
      name: 'Crystal-clear transcriptions',
      description: 'Clean, readable text that keeps its line breaks, with every word highlighted as the audio plays.',
    },
    {
      name: 'Multilingual support',
      description: 'Transcribe and translate in over 40 languages.',
    },
    {
      name: 'GPT smart summaries',
      description: 'An AI-generated summary and topic for every recording, so you get the point in seconds.',
    },
    {
      name: 'Project organization',
      description: 'Keep transcripts tidy with projects, folders and tags.',
    },
  ],
  testimonialsTitle: 'What our users say',
  testimonials: [
    {
      quote: 'I dictate my patient notes between visits and they are ready before the next appointment.',
      author: 'Dr. Amara Okafor',
      role: 'Family physician',
    },
    {
      quote: 'Recorded lectures become searchable study notes, and the summaries are a lifesaver before exams.',
      author: 'Lukas Brenner',
      role: 'Law student',
    },
    {
      quote: 'Interview transcripts with speakers and timings make editing my episodes so much faster.',
      author: 'Priya Natarajan',
      role: 'Podcast host',
    },
  ],
  ctaTitle: 'Ready to stop typing?',
  ctaText: 'Create your free account and transcribe your first recording in minutes. No payment and no credit card required.',
  signUpFree: 'Sign Up Free',
  contactTitle: 'Contact us',
  contactText: 'Questions, feedback or partnership ideas? Write to us and we will get back to you.',
  contactEmailLabel: 'Email',
  contactSocialLabel: 'Social',
} as const;
