/**
 * The widget in Arabic (Modern Standard Arabic, read right to left): every word of its catalogue, core
 * and parts, in one chunk loaded only when Arabic is shown (src/effects/locale.ts). Dates and numbers are
 * written with Latin digits (`ar-u-nu-latn`), as the site's own pages and statements write figures.
 *
 * widget-spec §8's texts stay word for word in the English catalogue (src/messages.ts and the parts'
 * modules); here they are translated, since a visitor reading Arabic needs the error in Arabic (the
 * issue's languages point). Product and brand names (LiveKit, Markdown, DOCX, PDF, API, LinkedIn, X,
 * Facebook) stay in Latin letters.
 */
import type { RecordingFailure } from '../../machines/recording';
import type { Catalogue } from './catalogue';

const INTL = 'ar-u-nu-latn';
const plural = new Intl.PluralRules('ar');
const number = (n: number) => n.toLocaleString(INTL);

/** A count of things in Arabic's forms: one and two have words of their own; 3–10 take the plural, the rest the singular. */
function counted(n: number, forms: { one: string; two: string; few: string; many: string }): string {
  const rule = plural.select(n);
  if (rule === 'one') return forms.one;
  if (rule === 'two') return forms.two;
  return `${number(n)} ${rule === 'few' ? forms.few : forms.many}`;
}

/** A sentence ends with a stop unless it has one (English, Arabic or other). */
const sentence = (text: string) => (/[.!?…؟。！？]$/.test(text) ? text : `${text}.`);

/** The default description's words (the appearance's 'Your helpful AI assistant'), a tagline. */
const TAGLINE = 'جاهز لمساعدتك في أي وقت';

/** The parts of a time Arabic writes for a message or a session: day, month's name, time. */
const time = new Intl.DateTimeFormat(INTL, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** Why the microphone or the recorder failed, by the recording machine's code: what follows 'فشل التسجيل: '. */
const RECORDING_FAILURE: Record<RecordingFailure, string> = {
  denied: 'رُفض الإذن بالوصول إلى الميكروفون',
  'not-found': 'لم يُعثر على أي ميكروفون',
  'in-use': 'الميكروفون قيد الاستخدام أو غير متاح',
  'not-started': 'تعذّر تشغيل الميكروفون',
  insecure: 'يتطلب التسجيل صفحة آمنة (https)',
  unsupported: 'هذا المتصفح لا يدعم تسجيل الصوت',
  interrupted: 'توقف التسجيل على نحو غير متوقع',
};

export const words: Catalogue = {
  core: {
    FAILURE_TEXT: {
      config: 'تعذّر جلب الإعدادات',
      appearance: 'تعذّر جلب إعدادات المظهر',
      history: 'تعذّر تحميل سجل المحادثة',
      sessions: 'تعذّر تحميل جلسات المحادثة',
      rename: 'تعذّر تحديث اسم جلسة المحادثة',
      chat: 'تعذّر الحصول على رد الذكاء الاصطناعي',
      enrich: 'تعذّر تحديث بيانات المستخدم',
    },
    SETTINGS_ERROR_TEXT: {
      INVALID_API_KEY: 'مفتاح API غير صالح. يُرجى التحقق من التهيئة.',
      INVALID_CONFIGURATION: 'التهيئة غير صالحة. يُرجى التحقق من الإعدادات.',
      FAILED: 'تعذّر تحميل نافذة الدردشة. يُرجى المحاولة مرة أخرى لاحقًا.',
    },
    rateLimitText: (s) =>
      `رسائل كثيرة جدًا. يُرجى الانتظار ${counted(s, { one: 'ثانية واحدة', two: 'ثانيتين', few: 'ثوانٍ', many: 'ثانية' })} قبل الإرسال مرة أخرى.`,
    greeting: (a) => {
      // a description with no Arabic letter is the site's own words in another language: the bubble is one sentence,
      // so the tagline takes its place there (docs/embedding.md "Languages"); Home still shows it as written
      const description =
        a.agentDescription.trim() && (/\p{Script=Arabic}/u.test(a.agentDescription) ? a.agentDescription.trim() : TAGLINE);
      return `مرحبًا! أنا ${a.agentName}.${description ? ` ${sentence(description)}` : ''}`;
    },
    PAGE_AWARENESS_BANNER: 'قد تؤدي الإشارة إلى الصفحة الحالية إلى إبطاء ردود الذكاء الاصطناعي.',
    PAGE_TEXT_SHARED: 'يُرسَل نص هذه الصفحة مع رسائلك، باستثناء الأجزاء التي يحددها الموقع على أنها خاصة.',
    HIDE_BANNER: 'إخفاء إشعار الصفحة',
    PAGE_AWARENESS: 'الاطلاع على الصفحة',
    SHOW_BANNER: 'إظهار إشعار الصفحة',
    WAITING_TEXT: 'لا يوجد اتصال. ستُرسَل رسالتك عند عودة الشبكة.',
    INCOMPLETE_TEXT: 'الإجابة غير مكتملة',
    HELP_QUESTION: 'أحتاج إلى مساعدة. كيف يمكنني الحصول عليها؟',
    OPEN_CHAT_WITH: 'فتح الدردشة مع ',
    RECONNECTING_NOTE: ' (جارٍ إعادة الاتصال)',
    SITE_TEXT: new Map([
      ['AI Agent', 'المساعد الذكي'],
      ['Your helpful AI assistant', TAGLINE],
      ['Welcome back!', 'مرحبًا بعودتك!'],
      ['Ready to continue our conversation?', 'هل أنت مستعد لمتابعة محادثتنا؟'],
      ['Type your message...', 'اكتب رسالتك…'],
    ]),
    LOADING_TEXT: 'جارٍ التحميل…',
    RETRY: 'إعادة المحاولة',
    PART_FAILED: 'تعذّر تحميل هذا الجزء.',
    TRY_AGAIN: 'حاول مرة أخرى',
    CANCEL: 'إلغاء',
    CLOSE_CHAT: 'إغلاق الدردشة',
    DISMISS_MESSAGE: 'إغلاق الرسالة',
    VIDEO_MESSAGE: 'رسالة فيديو',
    VIDEO_LABEL: 'فيديو',
    CAPTIONS_LANGUAGE: 'الإنجليزية',
    VIDEO_SCRIPT: 'نص الفيديو',
    NAVIGATION: 'التنقل',
    CHAT_SECTIONS: 'أقسام الدردشة',
    RESIZE_CHAT: 'تغيير حجم الدردشة',
    COLLAPSE_WINDOW: 'تصغير نافذة الدردشة',
    EXPAND_WINDOW: 'توسيع نافذة الدردشة',
    TAB_LABEL: { home: 'الرئيسية', chat: 'الدردشة', history: 'السجل', settings: 'الإعدادات' },
    messageTime: (d) => time.format(d),
    CONVERSATION: 'المحادثة',
    CONTINUE: 'متابعة',
    SUGGESTED_QUESTIONS: 'أسئلة مقترحة',
    SUGGESTED_ACTIONS: 'إجراءات مقترحة',
    RELATED_LINKS: 'روابط ذات صلة',
    LOADING_CONVERSATION: 'جارٍ تحميل المحادثة…',
    YOU: 'أنت',
    YOU_SAID: 'رسالتك:',
    saidBy: (agentName) => `رد ${agentName}:`,
    isTyping: (agentName) => `${agentName} يكتب`,
    emptyChat: (homeTitle, agentName) => `${homeTitle} يمكنك أن تسأل ${agentName} عن أي شيء يتعلق بهذه الصفحة.`,
    messageTo: (agentName) => `رسالة إلى ${agentName}`,
    ASK_PLACEHOLDER: 'اطرح سؤالًا…',
    askingAbout: (name) => `السؤال عن: ${name}`,
    stopAskingAbout: (name) => `إيقاف السؤال عن ${name}`,
    STOP: 'إيقاف',
    SEND_MESSAGE: 'إرسال الرسالة',
    VOICE_MODE: 'الوضع الصوتي',
    VOICE_MODE_UNAVAILABLE: 'الوضع الصوتي غير متاح',
    DICTATE: 'إملاء',
    CLOSE_VOICE_MODE: 'إغلاق الوضع الصوتي',
    RECORDING_FAILED: 'فشل التسجيل',
    VOICE_LOAD_FAILED: 'خطأ: تعذّر تحميل عميل LiveKit',
    WAITING_TO_SEND: 'في انتظار الإرسال',
    STOPPED: 'تم الإيقاف',
    NEW_CHAT_ITEM: 'دردشة جديدة',
    EMAIL_TRANSCRIPT: 'أرسل لي نص المحادثة بالبريد الإلكتروني',
    EMAIL_TRANSCRIPT_HINT: 'يفتح برنامج البريد الإلكتروني لديك وفيه هذه المحادثة، جاهزة لإرسالها إلى نفسك.',
    GET_HELP: 'الحصول على مساعدة',
    GET_HELP_HINT: 'يفتح صفحة المساعدة في هذا الموقع، أو يسأل المساعد عن طريقة التواصل مع أحد الموظفين.',
    NO_MESSAGES: 'لا توجد رسائل بعد.',
    transcriptSubject: (agentName) => `نص المحادثة: ${agentName}`,
  },
  history: {
    CHAT_HISTORY: 'سجل الدردشة',
    NEW_CHAT: 'دردشة جديدة',
    LOADING_CHATS: 'جارٍ تحميل المحادثات…',
    NO_HISTORY: 'لا يوجد سجل دردشة بعد',
    NO_HISTORY_HINT: 'ابدأ محادثة لتظهر جلسات الدردشة هنا',
    CURRENT_SESSION: 'الجلسة الحالية',
    CHAT_NAME: 'اسم الدردشة',
    RENAME: 'إعادة التسمية',
    RENAME_FAILED: 'تعذّر تحديث الاسم',
    RETRY: 'إعادة المحاولة',
    UNNAMED: 'دردشة بلا اسم',
    renameChat: (name) => `إعادة تسمية ${name}`,
    UPDATING: 'جارٍ التحديث…',
    messageCount: (n) => counted(n, { one: 'رسالة واحدة', two: 'رسالتان', few: 'رسائل', many: 'رسالة' }),
  },
  transcriptMailHint: { MAIL_HINT: 'يرسل هذه المحادثة إلى عنوان البريد الإلكتروني الذي تكتبه.' },
  transcriptMail: {
    EMAIL_ADDRESS: 'عنوان بريدك الإلكتروني',
    SEND_TRANSCRIPT: 'إرسال نص المحادثة',
    SENDING_TRANSCRIPT: 'جارٍ الإرسال…',
    transcriptSent: (email) => `أُرسل نص المحادثة إلى ${email}`,
    TRANSCRIPT_THROTTLED: 'أُرسلت نصوص محادثات كثيرة. يُرجى المحاولة لاحقًا.',
    TRANSCRIPT_FAILED: 'تعذّر إرسال نص المحادثة',
  },
  dictation: {
    PROBLEM_TEXT: {
      'no-speech': () => 'لم يُكتشف أي كلام',
      'recording-failed': (p) => `فشل التسجيل: ${RECORDING_FAILURE[p.reason]}`,
      'transcription-failed': ({ fault: f }) =>
        f
          ? `فشل التحويل إلى نص: ${f.code === 'http' ? `خطأ HTTP، رمز الحالة: ${f.status}` : 'استجابة غير صالحة من واجهة API'}`
          : 'فشل التحويل إلى نص',
    },
    DICTATION_STATUS: {
      starting: 'جارٍ تشغيل الميكروفون…',
      recording: 'جارٍ التسجيل… اضغط «إرسال» عند الانتهاء',
      transcribing: 'جارٍ التحويل إلى نص',
    },
    RETRY: 'إعادة المحاولة',
    DICTATE: 'إملاء',
    CANCEL_DICTATION: 'إلغاء الإملاء',
    STOP_AND_TRANSCRIBE: 'إيقاف وتحويل إلى نص',
  },
  voice: {
    AVATAR_FAILURE_TEXT: {
      TOKEN_FAILED: 'تعذّر جلب رمز الجلسة',
      SESSION_FAILED: 'تعذّر إنشاء جلسة البث',
      CLIENT_FAILED: 'تعذّر تحميل عميل LiveKit',
      CONNECT_FAILED: 'تعذّر الاتصال بالصورة الرمزية',
    },
    DISCONNECT_REASONS: {
      0: 'سبب غير معروف',
      1: 'تمت المغادرة',
      2: 'تم الانضمام من مكان آخر',
      3: 'توقف الخادم',
      4: 'تمت الإزالة من الغرفة',
      5: 'انتهت المهلة لعدم النشاط',
      6: 'عدم تطابق حالة الاتصال',
      7: 'تعذّر الانضمام',
    },
    otherReason: (reason) => `السبب ${reason}`,
    STATUS_TEXT: {
      connecting: () => 'جارٍ الاتصال بالصورة الرمزية…',
      ready: () => 'بث الوسائط جاهز',
      listening: () => 'جارٍ الاستماع…',
      transcribing: () => 'جارٍ التحويل إلى نص',
      thinking: () => 'جارٍ التفكير…',
      speaking: () => 'جارٍ التحدث…',
      muted: () => 'الميكروفون مكتوم',
      failed: (_s, failure) => `خطأ: ${failure}`,
      disconnected: (_s, reason) => `انقطع الاتصال بالغرفة: ${reason}`,
      problem: ({ problem: p }) =>
        p.code === 'no-speech' ? 'لم يُكتشف أي كلام' : p.code === 'recording-failed' ? 'فشل التسجيل' : 'فشل التحويل إلى نص',
    },
    VOICE_MODE: 'الوضع الصوتي',
    AVATAR: 'الصورة الرمزية للمساعد',
    PLAY_SOUND: 'تشغيل الصوت',
    START_NEW_SESSION: 'بدء جلسة جديدة',
    UNMUTE: 'انقر لإلغاء كتم الميكروفون',
    MUTE: 'انقر لكتم الميكروفون',
    CLOSE_VOICE_MODE: 'إغلاق الوضع الصوتي',
  },
  embeds: {
    BOOT_TEXT: {
      'smart-doc': {
        notFound: 'المستند الذكي غير موجود أو الرمز غير صالح',
        status: 'تعذّر جلب المستند الذكي',
        failed: 'تعذّر تحميل المستند الذكي',
      },
      video: { notFound: 'الفيديو غير موجود أو الرمز غير صالح', status: 'تعذّر جلب الفيديو', failed: 'تعذّر تحميل الفيديو' },
    },
    ORIGIN_REQUIRED: 'طلب غير صالح - ترويسة المصدر (origin) مطلوبة',
    FETCH_FAILURE: {
      markdown: 'تعذّر تحميل Markdown',
      text: 'تعذّر تحميل النص',
      docx: 'تعذّر جلب ملف DOCX',
    },
    DOCUMENT_FAILED: 'تعذّر تحميل المستند',
    CONTENT_ERROR: {
      docx: 'خطأ في تحميل مستند DOCX',
      markdown: 'خطأ في تحميل محتوى Markdown',
      text: 'خطأ في تحميل المحتوى النصي',
    },
    VIDEO_ERROR: 'خطأ في تحميل الفيديو',
    SPREADSHEET_NOTICE: 'عرض جداول البيانات غير مدعوم بعد في الوضع المضمَّن.',
    MODAL_SEND_ERROR: 'عذرًا، حدث خطأ. يُرجى المحاولة مرة أخرى.',
    MODAL_HISTORY_ERROR: 'تعذّر تحميل سجل الدردشة. يُرجى المحاولة مرة أخرى.',
    TRY_AGAIN: 'حاول مرة أخرى',
    LOADING_DOCUMENT: 'جارٍ تحميل المستند…',
    LOADING_VIDEO: 'جارٍ تحميل الفيديو…',
    OPEN_PDF: 'فتح ملف PDF في علامة تبويب جديدة',
    OPEN_SPREADSHEET: 'فتح جدول البيانات',
    DOWNLOAD_DOCUMENT: 'تنزيل المستند',
    NO_DOCUMENT_FILE: 'ملف المستند غير متاح',
    documentVersion: (version, type) => `الإصدار ${version} • ${type.toUpperCase()}`,
    docBootError: (error) => `خطأ في تحميل المستند الذكي: ${error}`,
    videoBootError: (error) => `تعذّر تحميل الفيديو: ${error}`,
    SHARE: 'مشاركة',
    SHARE_VIDEO: 'مشاركة هذا الفيديو',
    COPY_LINK: 'نسخ الرابط',
    COPIED: 'تم النسخ!',
    SHARE_SITES: { linkedin: 'LinkedIn', x: 'X', facebook: 'Facebook' },
    ASK_QUESTION: 'اطرح سؤالًا',
    NO_VIDEO: 'الفيديو غير متاح',
    playbackSpeed: (speed) => `سرعة التشغيل ${speed}`,
    CAPTIONS_LANGUAGE: 'الإنجليزية',
    chatAbout: (name) => `دردشة حول ${name}`,
    CLOSE: 'إغلاق',
    CHAT: 'الدردشة',
    LOADING_HISTORY: 'جارٍ تحميل سجل الدردشة…',
    THINKING: 'جارٍ التفكير…',
    YOUR_QUESTION: 'سؤالك',
    ASK_PLACEHOLDER: 'اطرح سؤالًا…',
    SEND_MESSAGE: 'إرسال الرسالة',
    TYPE_TO_SEND: 'اكتب رسالة لإرسالها',
  },
};
