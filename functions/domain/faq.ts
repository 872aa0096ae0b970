/**
 * The product's help text: what the app really does, as the questions people ask and our answers (issue 15:
 * uploads and limits, recording, languages, speakers, summaries, translation, corrections, search, export,
 * share links, projects and tags, the trash, account and password, privacy). The support chat answers from
 * these and nothing else, locally by retrieval (faq-search.ts) and in AWS through Bedrock with this list
 * as its only source. Facts come from the one place that holds them (limits, languages, brand).
 */
import { BRAND } from './brand';
import { DATE_OF_BIRTH_CHANGE_LIMIT, MAX_FORM_UPLOAD_BYTES, MAX_RECORDING_SECONDS, MAX_UPLOAD_BYTES, RESEND_CODE_GAP_SECONDS, RESET_TOKEN_TTL_SECONDS } from './constants';
import { EXPORT_FORMATS } from './export-formats';
import { formatBytes } from './file-size';
import { LANGUAGES } from './languages';

export interface FaqEntry {
  /** Stable id (tests and logs name entries by it). */
  id: string;
  question: string;
  answer: string;
  /** Other words people use for this topic; they help retrieval and are never shown. */
  keywords: string;
}

const languageNames = LANGUAGES.map((language) => language.name);
const languageList = `${languageNames.slice(0, -1).join(', ')} and ${languageNames.at(-1)}`;
const resetHours = RESET_TOKEN_TTL_SECONDS / 3600;
const maxHours = MAX_RECORDING_SECONDS / 3600;
const exportList = EXPORT_FORMATS.map((format) => `.${format}`).join(', ');

export const FAQ: readonly FaqEntry[] = [
  {
    id: 'what-is-it',
    question: `What is ${BRAND.name} and what does it do?`,
    answer: `${BRAND.name} turns audio and video recordings into text. Upload a recording and you get a transcript, optionally with speaker identification, word-level timings, an AI summary and a topic. You can organise transcripts into projects and tags, translate them, download them, and delete and restore them.`,
    keywords: 'about product app service overview features purpose',
  },
  {
    id: 'price',
    question: `How much does ${BRAND.name} cost? Do I need a credit card?`,
    answer: `Signing up is free: no payment and no credit card are required.`,
    keywords: 'price pricing cost costs free paid payment pay plan subscription billing money charge credit card',
  },
  {
    id: 'how-to-transcribe',
    question: 'How do I transcribe a recording?',
    answer:
      'Open the dashboard and choose the Transcribe File tab. Choose your audio or video file (or record one with Record), pick the language and the options you want (speaker identification, AI summary, timestamps, verbatim), optionally a project and tags, and press Transcribe. The transcript appears on the same page when it is ready, and stays in Transcribed Files.',
    keywords: 'start upload transcribe new recording file convert audio text how use begin first',
  },
  {
    id: 'formats',
    question: 'Which file formats can I upload, and how large can a file be?',
    answer: `You can upload audio and video files, including WAV, MP3, M4A, AAC, FLAC, OGG, Opus, AIFF, AMR, WebM, MP4, MOV, MKV, AVI and MPEG. Files can be up to ${formatBytes(MAX_UPLOAD_BYTES)} and ${maxHours} hours long when uploaded from the app, which sends them straight to storage. Programs that post the file in the API's form can send up to ${formatBytes(MAX_FORM_UPLOAD_BYTES)}. A file that is not audio or video is refused with a message.`,
    keywords: 'format formats file type types extension supported accept wav mp3 m4a aac flac ogg opus webm mp4 mov mkv video audio size limit large big maximum max gb mb upload length long hours',
  },
  {
    id: 'multiple-files',
    question: 'Can I upload several files at once?',
    answer:
      'Yes. On the Transcribe File tab, pick several files or drop them anywhere on the tab. They wait in a queue: each row shows its name, size, upload progress and then its stage, with Cancel. The options you choose apply to all of them, the queue keeps going while you look at other tabs, and each finished row links to its transcript. Files that would be refused (type, size or language) are marked before anything is sent.',
    keywords: 'several many multiple files uploads recordings interviews lectures episodes batch bulk queue drag drop at once same time all',
  },
  {
    id: 'record',
    question: 'Can I record audio in the browser instead of uploading a file?',
    answer:
      "Yes. On the Transcribe File tab press Record beside Choose file. The browser asks for the microphone only then; you see a level meter and the elapsed time, and can pause, resume and stop. While you record, the recording is kept in your browser, so a closed tab, a crash or a lost connection loses nothing: next time you are offered to upload or discard it. If the microphone is refused or missing, the app says how to allow it, or you can choose a file instead.",
    keywords: 'record recording microphone mic browser live dictate voice memo capture meeting lecture directly without file',
  },
  {
    id: 'processing-time',
    question: 'How long does a transcription take?',
    answer:
      "Most recordings are transcribed in a fraction of their own length; a long recording takes a few minutes. While it works you see its stage (uploaded, waiting, transcribing, writing the summary), a progress bar and its place in line, on the Transcribe tab, in Transcribed Files and on its page. You can leave the page: the result is always in Transcribed Files, the tab's title says when it is ready, and Notify me asks for a browser notification. If it fails, it says why and offers Try again, without uploading again.",
    keywords: 'time long wait waiting slow fast speed processing running ages forever stuck pending status minutes hours resume unfinished failed progress stage queue try again retry notification',
  },
  {
    id: 'languages',
    question: 'Which languages can be transcribed?',
    answer: `Choose the spoken language before you transcribe; English is the default. ${BRAND.name} transcribes ${languageNames.length} languages: ${languageList}. The hosted service transcribes nearly all of them (not Urdu or Yoruba); a local installation transcribes English only, or English and Spanish when its operator turns Spanish on. The app offers only the languages this installation can do. In total the app works with over 40 languages across transcription and translation.`,
    keywords: 'language languages spoken multilingual english french spanish german arabic chinese hindi foreign support supported which',
  },
  {
    id: 'speakers',
    question: 'Can it tell who is speaking (speaker identification)?',
    answer:
      'Yes. Turn on speaker identification before you transcribe, and the transcript shows who says what, speaker by speaker. It works best with clear audio where people do not talk over each other. It is off by default. On the transcript\'s page, under Speakers, you can give each speaker a real name.',
    keywords: 'speaker speakers identify identification different diarization diarisation talking talks speaking conversation voices people interview label labels separate',
  },
  {
    id: 'timestamps',
    question: 'Does the transcript have timestamps and word timings?',
    answer:
      'Every transcript keeps word-level timings: as the audio plays, the current word is highlighted, so you can follow along and find a passage. Turn on timestamps before you transcribe to have them in the transcript as well.',
    keywords: 'timestamps timestamp timing timings word highlight highlighting follow play playback audio player time codes',
  },
  {
    id: 'summaries',
    question: 'How do AI summaries and topics work, and where do I find them?',
    answer:
      'With AI summary on (the default), each recording gets a short summary of a few bullet points and a topic of a few words, shown beside the transcript and on its detail page. The summary is written by an AI model from your transcript only; check important details against the text.',
    keywords: 'summary summaries summarize summarise ai gpt topic topics subject title key points bullet overview smart',
  },
  {
    id: 'editing',
    question: 'Can I correct or edit the text of a transcript?',
    answer:
      'Yes. Open the transcript (View Full) and choose Edit on a paragraph, or click its text: change the words and press Enter to save (Shift+Enter for a new line, Escape to cancel); the recording can keep playing while you type. Unchanged words keep their timings. Undo last correction takes back the latest one, and Revert to original brings back the machine\'s text. You can also rename the transcript, rename speakers, change its project and tags, and press Summarize again after corrections.',
    keywords: 'correct correction corrections edit editing fix errors wrong word words change text typo misheard revert original speaker',
  },
  {
    id: 'search',
    question: 'How do I search my transcripts?',
    answer:
      'In Transcribed Files, type in the search box (press / to jump to it) and press Enter. It searches the words, names and topics of all your transcripts; each hit shows the passage, and opening it plays the recording from that moment. You can also filter the list by project, tag and date, and sort it by newest, oldest or name.',
    keywords: 'search find look phrase passage part moment talk discuss filter sort said mention',
  },
  {
    id: 'translation',
    question: 'Can I translate a transcript into another language?',
    answer:
      "Yes. In Transcribed Files, pick a language next to a finished transcript and press Translate; the translation is shown and kept, so asking again is instant. Which languages are available depends on the translation service of the installation: the hosted service translates into most of the app's languages (not Zulu or Yoruba), a local installation into fewer (such as Spanish, French, Portuguese and Italian), and the app tells you when a language is not available.",
    keywords: 'translate translation translated language languages convert another foreign into english french spanish german',
  },
  {
    id: 'share-links',
    question: 'Can I share a transcript with someone who has no account?',
    answer:
      'Yes, with a read-only link. On the transcript\'s page choose Share, pick how long the link works (1 day to 1 year, or until you turn it off) and whether the recording is included, then Create link and copy it. Anyone with the link can read the transcript, see the speakers and play the recording if included, but cannot change anything or see your other transcripts. The Share dialog lists the links that work now; Turn off stops one at once.',
    keywords: 'share sharing link links send colleague client someone public read only readonly view url revoke turn off expire expiry',
  },
  {
    id: 'downloads',
    question: 'How do I download or export a transcript, and in which formats?',
    answer: `On the transcript's page, choose Download as and a format: plain text (.txt), Markdown (.md), Word (.docx), subtitles (.srt or .vtt) or words and times (.json), with or without times and speakers. In Transcribed Files you can download the text (.txt) and the subtitles (.srt, .vtt) straight from the list. The file is named after your recording. The formats: ${exportList}.`,
    keywords: 'download downloads save export file txt text srt vtt subtitles captions copy word document docx markdown md json format formats',
  },
  {
    id: 'delete-restore',
    question: 'How do I delete a transcript, and can I restore it from the trash?',
    answer:
      'Use Delete on a transcript in Transcribed Files (or on its page), or Delete All for every one in the list. Right after deleting, Undo in the message brings it back. Deleted transcripts go to the trash, not away: choose Show Deleted to see them and Restore to bring one back. Show Active returns to your current transcripts. Deleting your account removes everything for good.',
    keywords: 'delete deleted remove erase trash bin restore recover undo undelete get back lost show deleted',
  },
  {
    id: 'projects-tags',
    question: 'How do projects and tags work?',
    answer:
      'Projects are folders for transcripts: create one in the Projects tab with a name and a description, choose it when you transcribe, and view its transcripts there. Tags are labels: add, rename and delete them in the Tags tab, and give a transcript tags when you transcribe it or later on its page. Renaming or deleting a tag updates the transcripts that carry it; deleting a project keeps its transcripts.',
    keywords: 'project projects folder folders tag tags label labels organise organize group category sort',
  },
  {
    id: 'privacy',
    question: 'Is my data private? Who can see my recordings and how long are they kept?',
    answer: `Your recordings, transcripts, summaries and translations are kept until you delete them, and only your account can access them: they are never shown to other users. Files are stored encrypted and sent over encrypted connections. To process them we use third-party services for transcription, AI summaries and translation. The Privacy Policy has the details, including your rights under the GDPR. Note that ${BRAND.name} is not covered by HIPAA.`,
    keywords: 'privacy private data secure security safe who anyone else see access retention keep kept stored storage long gdpr hipaa confidential encryption',
  },
  {
    id: 'account-deletion',
    question: 'How do I delete my account?',
    answer:
      'Open Profile, choose Delete Account, tick "I understand and agree", enter your password and confirm. This removes your account and everything in it for good: recordings, transcripts, summaries, translations, projects, tags and your profile. It cannot be undone. If you signed in with Google, your password is not needed: sign in with Google again if it was more than 10 minutes ago, then tick the box and confirm.',
    keywords: 'delete account close remove account erase everything cancel deactivate unsubscribe gdpr forget me',
  },
  {
    id: 'password-reset',
    question: 'I forgot my password. How do I reset it?',
    answer: `On the login page choose "Forgot Password?" and enter your email. If an account exists, we send a reset link. The link works once and for ${resetHours} hour${resetHours === 1 ? '' : 's'}; open it, enter your new password twice and press Update Password. Resetting signs you out everywhere else. To change a password you know, log out and use the same link. If no e-mail arrives, check your spam folder. Every password field has a show/hide button (the eye) to check what you typed.`,
    keywords: 'forgot forgotten password reset change new link email lost recover login cannot log in show hide',
  },
  {
    id: 'verification-code',
    question: 'I did not get my verification code. What can I do?',
    answer: `After signing up we e-mail a 6-digit code; enter it on the verify screen. Check your spam folder, and check that you typed the address correctly. If it does not arrive, press Send a new code on the verify screen: a new code goes out (the earlier one stops working), at most one every ${RESEND_CODE_GAP_SECONDS} seconds and five an hour. If the code still does not arrive, write to ${BRAND.contactEmail}.`,
    keywords: 'verification verify code 6 digit six email confirm confirmation signup sign up not received arrive resend new another expired',
  },
  {
    id: 'google-sign-in',
    question: 'Can I sign in with Google?',
    answer:
      'Yes: choose "Continue with Google" on the login or signup page. If you already have an account with the same e-mail address, you are signed into it; otherwise an account is created for you. Your Google password is never shared with us.',
    keywords: 'google gmail sign in login log in social account continue with google oauth',
  },
  {
    id: 'profile',
    question: 'How do I change my name or profile details? Can I change my email?',
    answer: `Open Profile to change your name, gender, date of birth and country, then press Save Changes. Your email address and user ID cannot be changed. The date of birth can be changed ${DATE_OF_BIRTH_CHANGE_LIMIT} times. Profile also shows how much audio you transcribed this month (and your monthly allowance, if your installation sets one).`,
    keywords: 'profile name change edit update email address gender date birth country details personal user id',
  },
  {
    id: 'accuracy',
    question: 'How can I get a more accurate transcript?',
    answer:
      'Use a clear recording: a good microphone close to the speaker, little background noise and people not talking over each other. Choose the right spoken language before you transcribe. Verbatim mode keeps filler words such as "um" if you need them.',
    keywords: 'accuracy accurate quality wrong mistakes errors better improve noise verbatim filler words',
  },
  {
    id: 'dark-mode',
    question: 'Is there a dark mode?',
    answer:
      'Yes. The app follows your device\'s light or dark setting. To choose, open the menu with your e-mail address at the top right and pick Theme: Match system, Light or Dark. Your choice is kept in this browser.',
    keywords: 'dark mode theme light night colour color appearance black contrast eyes',
  },
  {
    id: 'contact',
    question: 'How can I contact a person?',
    answer: `Write to us at ${BRAND.contactEmail} and we will get back to you. You can also find us at ${BRAND.socialHandle}.`,
    keywords: 'contact human person email support help team reach talk agent complaint feedback',
  },
];

export const faqEntry = (id: string): FaqEntry | undefined => FAQ.find((entry) => entry.id === id);
