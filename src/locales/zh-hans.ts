/**
 * The widget in Simplified Chinese (简体中文, as written in mainland China and by Australians who read
 * it): every word of its catalogue, core and parts, in one chunk loaded only when Chinese is shown
 * (src/effects/locale.ts). Full-width punctuation (，。？：), a space between Chinese and Latin words.
 *
 * widget-spec §8's texts stay word for word in the English catalogue (src/messages.ts and the parts'
 * modules); here they are translated, since a visitor reading Chinese needs the error in Chinese (the
 * issue's languages point). Product and brand names (LiveKit, Markdown, DOCX, PDF, API, AI, LinkedIn, X,
 * Facebook) stay in Latin letters.
 */
import type { RecordingFailure } from '../../machines/recording';
import type { Catalogue } from './catalogue';

const INTL = 'zh-Hans';
const number = (n: number) => n.toLocaleString(INTL);

/** A sentence ends with a stop unless it has one (Chinese, English or other). */
const sentence = (text: string) => (/[.!?…؟。！？]$/.test(text) ? text : `${text}。`);

/** The default description's words (the appearance's 'Your helpful AI assistant'), a tagline. */
const TAGLINE = '随时为您提供帮助';

/** The parts of a time Chinese writes for a message or a session: month, day, time. */
const time = new Intl.DateTimeFormat(INTL, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** Why the microphone or the recorder failed, by the recording machine's code: what follows '录音失败：'. */
const RECORDING_FAILURE: Record<RecordingFailure, string> = {
  denied: '麦克风访问权限被拒绝',
  'not-found': '未找到麦克风',
  'in-use': '麦克风正被占用或不可用',
  'not-started': '麦克风无法启动',
  insecure: '录音需要在安全的（https）页面上进行',
  unsupported: '此浏览器无法录制音频',
  interrupted: '录音意外中断',
};

export const words: Catalogue = {
  core: {
    FAILURE_TEXT: {
      config: '获取配置失败',
      appearance: '获取外观设置失败',
      history: '加载聊天记录失败',
      sessions: '加载聊天会话失败',
      rename: '更新聊天会话名称失败',
      chat: '获取 AI 回复失败',
      enrich: '更新用户信息失败',
    },
    SETTINGS_ERROR_TEXT: {
      INVALID_API_KEY: 'API 密钥无效。请检查您的配置。',
      INVALID_CONFIGURATION: '配置无效。请检查您的设置。',
      FAILED: '无法加载聊天组件。请稍后再试。',
    },
    rateLimitText: (s) => `消息过多。请等待 ${number(s)} 秒后再发送。`,
    greeting: (a) => {
      // a description with no Chinese character is the site's own words in another language: the bubble is one
      // sentence, so the tagline takes its place there (docs/embedding.md "Languages"); Home still shows it as written
      const description = a.agentDescription.trim() && (/\p{Script=Han}/u.test(a.agentDescription) ? a.agentDescription.trim() : TAGLINE);
      return `您好！我是 ${a.agentName}。${description ? sentence(description) : ''}`;
    },
    PAGE_AWARENESS_BANNER: '引用当前页面可能会减慢 AI 的回复速度。',
    PAGE_TEXT_SHARED: '本页面的文字会随您的消息一起发送，网站标记为私密的部分除外。',
    HIDE_BANNER: '隐藏页面提示',
    PAGE_AWARENESS: '页面感知',
    SHOW_BANNER: '显示页面提示',
    WAITING_TEXT: '网络未连接。网络恢复后将发送您的消息。',
    INCOMPLETE_TEXT: '回答不完整',
    HELP_QUESTION: '我需要帮助。请问如何获得帮助？',
    OPEN_CHAT_WITH: '打开聊天：',
    RECONNECTING_NOTE: '（正在重新连接）',
    SITE_TEXT: new Map([
      ['AI Agent', 'AI 助手'],
      ['Your helpful AI assistant', TAGLINE],
      ['Welcome back!', '欢迎回来！'],
      ['Ready to continue our conversation?', '准备好继续我们的对话了吗？'],
      ['Type your message...', '请输入您的消息…'],
    ]),
    LOADING_TEXT: '正在加载…',
    RETRY: '重试',
    PART_FAILED: '无法加载此部分。',
    TRY_AGAIN: '再试一次',
    CANCEL: '取消',
    CLOSE_CHAT: '关闭聊天',
    DISMISS_MESSAGE: '关闭消息',
    VIDEO_MESSAGE: '视频消息',
    VIDEO_LABEL: '视频',
    CAPTIONS_LANGUAGE: '英语',
    VIDEO_SCRIPT: '视频文字稿',
    NAVIGATION: '导航',
    CHAT_SECTIONS: '聊天栏目',
    RESIZE_CHAT: '调整聊天窗口大小',
    COLLAPSE_WINDOW: '收起聊天窗口',
    EXPAND_WINDOW: '展开聊天窗口',
    TAB_LABEL: { home: '首页', chat: '聊天', history: '历史记录', settings: '设置' },
    messageTime: (d) => time.format(d),
    CONVERSATION: '对话',
    CONTINUE: '继续',
    SUGGESTED_QUESTIONS: '推荐问题',
    SUGGESTED_ACTIONS: '推荐操作',
    RELATED_LINKS: '相关链接',
    LOADING_CONVERSATION: '正在加载对话…',
    YOU: '您',
    YOU_SAID: '您说：',
    saidBy: (agentName) => `${agentName} 说：`,
    isTyping: (agentName) => `${agentName} 正在输入`,
    emptyChat: (homeTitle, agentName) => `${homeTitle} 您可以向 ${agentName} 询问与本页面有关的任何问题。`,
    messageTo: (agentName) => `给 ${agentName} 发消息`,
    ASK_PLACEHOLDER: '请输入您的问题…',
    askingAbout: (name) => `正在询问：${name}`,
    stopAskingAbout: (name) => `停止询问 ${name}`,
    STOP: '停止',
    SEND_MESSAGE: '发送消息',
    VOICE_MODE: '语音模式',
    VOICE_MODE_UNAVAILABLE: '语音模式不可用',
    DICTATE: '语音输入',
    CLOSE_VOICE_MODE: '关闭语音模式',
    RECORDING_FAILED: '录音失败',
    VOICE_LOAD_FAILED: '错误：LiveKit 客户端加载失败',
    WAITING_TO_SEND: '等待发送',
    STOPPED: '已停止',
    NEW_CHAT_ITEM: '新聊天',
    EMAIL_TRANSCRIPT: '通过电子邮件把聊天记录发给我',
    EMAIL_TRANSCRIPT_HINT: '用您的电子邮件程序打开这段对话，方便发送给自己。',
    GET_HELP: '获取帮助',
    GET_HELP_HINT: '打开本网站的帮助页面，或询问助手如何联系工作人员。',
    NO_MESSAGES: '暂无消息。',
    transcriptSubject: (agentName) => `聊天记录：${agentName}`,
  },
  history: {
    CHAT_HISTORY: '聊天记录',
    NEW_CHAT: '新聊天',
    LOADING_CHATS: '正在加载聊天…',
    NO_HISTORY: '暂无聊天记录',
    NO_HISTORY_HINT: '开始对话后，您的聊天会话会显示在这里',
    CURRENT_SESSION: '当前会话',
    CHAT_NAME: '聊天名称',
    RENAME: '重命名',
    RENAME_FAILED: '名称更新失败',
    RETRY: '重试',
    UNNAMED: '未命名聊天',
    renameChat: (name) => `重命名 ${name}`,
    UPDATING: '正在更新…',
    messageCount: (n) => `${number(n)} 条消息`,
  },
  transcriptMailHint: { MAIL_HINT: '把这段对话发送到您填写的电子邮件地址。' },
  transcriptMail: {
    EMAIL_ADDRESS: '您的电子邮件地址',
    SEND_TRANSCRIPT: '发送聊天记录',
    SENDING_TRANSCRIPT: '正在发送…',
    transcriptSent: (email) => `聊天记录已发送至 ${email}`,
    TRANSCRIPT_THROTTLED: '发送的聊天记录过多，请稍后再试。',
    TRANSCRIPT_FAILED: '无法发送聊天记录',
  },
  dictation: {
    PROBLEM_TEXT: {
      'no-speech': () => '未检测到语音',
      'recording-failed': (p) => `录音失败：${RECORDING_FAILURE[p.reason]}`,
      'transcription-failed': ({ fault: f }) =>
        f ? `转写失败：${f.code === 'http' ? `HTTP 错误，状态码：${f.status}` : 'API 返回的响应无效'}` : '转写失败',
    },
    DICTATION_STATUS: {
      starting: '正在启动麦克风…',
      recording: '正在录音… 说完后请按发送',
      transcribing: '正在转写',
    },
    RETRY: '重试',
    DICTATE: '语音输入',
    CANCEL_DICTATION: '取消语音输入',
    STOP_AND_TRANSCRIBE: '停止并转写',
  },
  voice: {
    AVATAR_FAILURE_TEXT: {
      TOKEN_FAILED: '获取会话令牌失败',
      SESSION_FAILED: '创建流媒体会话失败',
      CLIENT_FAILED: 'LiveKit 客户端加载失败',
      CONNECT_FAILED: '连接虚拟形象失败',
    },
    DISCONNECT_REASONS: {
      0: '未知原因',
      1: '已离开',
      2: '已在其他位置加入',
      3: '服务器已关闭',
      4: '已被移出房间',
      5: '空闲超时',
      6: '连接状态不一致',
      7: '无法加入',
    },
    otherReason: (reason) => `原因 ${reason}`,
    STATUS_TEXT: {
      connecting: () => '正在连接虚拟形象…',
      ready: () => '媒体流已就绪',
      listening: () => '正在聆听…',
      transcribing: () => '正在转写',
      thinking: () => '正在思考…',
      speaking: () => '正在讲话…',
      muted: () => '麦克风已静音',
      failed: (_s, failure) => `错误：${failure}`,
      disconnected: (_s, reason) => `房间连接已断开：${reason}`,
      problem: ({ problem: p }) => (p.code === 'no-speech' ? '未检测到语音' : p.code === 'recording-failed' ? '录音失败' : '转写失败'),
    },
    VOICE_MODE: '语音模式',
    AVATAR: '助手的虚拟形象',
    PLAY_SOUND: '播放声音',
    START_NEW_SESSION: '开始新会话',
    UNMUTE: '点击取消静音',
    MUTE: '点击静音',
    CLOSE_VOICE_MODE: '关闭语音模式',
  },
  embeds: {
    BOOT_TEXT: {
      'smart-doc': { notFound: '未找到智能文档，或令牌无效', status: '获取智能文档失败', failed: '加载智能文档失败' },
      video: { notFound: '未找到视频，或令牌无效', status: '获取视频失败', failed: '加载视频失败' },
    },
    ORIGIN_REQUIRED: '请求无效 - 缺少 origin 请求头',
    FETCH_FAILURE: {
      markdown: '加载 Markdown 失败',
      text: '加载文本失败',
      docx: '获取 DOCX 失败',
    },
    DOCUMENT_FAILED: '加载文档失败',
    CONTENT_ERROR: {
      docx: '加载 DOCX 文档时出错',
      markdown: '加载 Markdown 内容时出错',
      text: '加载文本内容时出错',
    },
    VIDEO_ERROR: '加载视频时出错',
    SPREADSHEET_NOTICE: '嵌入模式暂不支持查看电子表格。',
    MODAL_SEND_ERROR: '抱歉，出现错误。请重试。',
    MODAL_HISTORY_ERROR: '无法加载聊天记录。请重试。',
    TRY_AGAIN: '再试一次',
    LOADING_DOCUMENT: '正在加载文档…',
    LOADING_VIDEO: '正在加载视频…',
    OPEN_PDF: '在新标签页中打开 PDF',
    OPEN_SPREADSHEET: '打开电子表格',
    DOWNLOAD_DOCUMENT: '下载文档',
    NO_DOCUMENT_FILE: '文档文件不可用',
    documentVersion: (version, type) => `版本 ${version} • ${type.toUpperCase()}`,
    docBootError: (error) => `加载智能文档时出错：${error}`,
    videoBootError: (error) => `加载视频失败：${error}`,
    SHARE: '分享',
    SHARE_VIDEO: '分享此视频',
    COPY_LINK: '复制链接',
    COPIED: '已复制！',
    SHARE_SITES: { linkedin: 'LinkedIn', x: 'X', facebook: 'Facebook' },
    ASK_QUESTION: '提问',
    NO_VIDEO: '视频不可用',
    playbackSpeed: (speed) => `播放速度 ${speed}`,
    CAPTIONS_LANGUAGE: '英语',
    chatAbout: (name) => `关于 ${name} 的聊天`,
    CLOSE: '关闭',
    CHAT: '聊天',
    LOADING_HISTORY: '正在加载聊天记录…',
    THINKING: '正在思考…',
    YOUR_QUESTION: '您的问题',
    ASK_PLACEHOLDER: '请输入您的问题…',
    SEND_MESSAGE: '发送消息',
    TYPE_TO_SEND: '请输入要发送的消息',
  },
};
