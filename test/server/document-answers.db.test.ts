/**
 * Every document's text reaches the answers, over real HTTP on a real database: a PDF, a CSV file and a spreadsheet
 * added with the admin operations are searched as text and tables; one that cannot be read is added without text;
 * documents stored before their reader are read again at start; a video's description and transcript are content of
 * the page it is on, and of the Ask-question modal about it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createBuiltinEngine } from '../../server/answers/builtin';
import { demoDocuments } from '../../server/demo/content';
import { buildPdf, layoutPdf } from './pdf-fixture';
import { TEXT_READER_BEGUN, TEXT_READER_VERSION } from '../../server/documents';
import { rereadDocuments } from '../../server/reread-documents';
import type { VideoRecord } from '../../server/storage/types';
import { xlsx } from '../support/xlsx';
import { json, scriptedEngine, startServer, VISITOR_A, type TestServer } from './harness';

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server sent and assert on it
type Json = Record<string, any>;

const demo = (type: string) => demoDocuments().find((d) => d.type === type)!;

describe('documents added with the admin operations', () => {
  let s: TestServer;
  let token: string;
  let files: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    s = await startServer({ answers: createBuiltinEngine() });
    token = await s.boot();
    files = await mkdtemp(path.join(tmpdir(), 'documents-'));
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
    await rm(files, { recursive: true, force: true });
  });

  /** Adds a file as a document of the test site, as `npm run admin -- doc:add` does; its embed token. */
  async function add(filename: string, bytes: Uint8Array | string, ...options: string[]) {
    const file = path.join(files, filename);
    await writeFile(file, bytes);
    const out = await runAdmin(s.storage, ['doc:add', s.site.id, '--file', file, ...options], { warn: (m) => warnings.push(m) });
    return (await s.storage.findDocumentByToken(/embed token: (\S+)/.exec(out)![1]!))!;
  }

  const ask = async (message: string, extra: Json = {}) => {
    const res = await s.call('/api/chat', { ...json({ message, userSessionId: VISITOR_A, path: '/', ...extra }), token });
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  };

  it('a PDF is read at upload: a question only it answers is answered from it, quoted and named', async () => {
    const fsg = await add('guide.pdf', demo('pdf').bytes, '--name', 'Financial Services Guide');
    expect(fsg.text).toContain('Australian Financial Services Licence 000000');
    const answer = await ask('What is your financial services licence number?');
    expect(answer.aiMessage.content).toContain('000000');
    expect(answer.aiMessage.sources).toContain('Financial Services Guide');
    // the cited document opens from the answer
    expect(answer.responseButtons).toEqual([expect.objectContaining({ name: 'Open Financial Services Guide' })]);
  });

  it('the Ask-question modal on the PDF answers from it first', async () => {
    const fsg = (await s.storage.listDocuments(s.site.id)).find((d) => d.type === 'pdf')!;
    const entry = { id: fsg.id, name: fsg.name, type: 'pdf', version: 1, embedToken: fsg.embedToken };
    const answer = await ask('How are your advisers paid?', {
      smartDocContext: { documents: [entry], totalDocuments: 1, activeDocument: fsg.id },
      additionalNamespaces: [fsg.id],
    });
    expect(answer.response).toContain('paid a salary');
  });

  it('a CSV file is stored as a table, its header naming each column', async () => {
    const doc = await add('fees.csv', `\uFEFFFee,Amount,Note\r\nSwitching fee,$0,"free, any time"\r\nExit fee,$25,"a|b"\r\n`);
    expect(doc.text).toBe(
      '| Fee | Amount | Note |\n| --- | --- | --- |\n| Switching fee | $0 | free, any time |\n| Exit fee | $25 | a\\|b |',
    );
  });

  it('an xlsx file is stored as one table per sheet, under the sheet’s name', async () => {
    const bytes = xlsx([
      {
        name: 'Profiles',
        rows: [
          ['Profile', 'Growth', 'Defensive'],
          ['Balanced', '50%', '50%'],
        ],
      },
      { name: 'Notes', rows: [['Note'], ['Reviewed yearly']] },
    ]);
    const doc = await add('profiles.xlsx', bytes);
    expect(doc.type).toBe('xlsx');
    expect(doc.text).toBe(
      '## Profiles\n\n| Profile | Growth | Defensive |\n| --- | --- | --- |\n| Balanced | 50% | 50% |\n\n## Notes\n\n| Note |\n| --- |\n| Reviewed yearly |',
    );
  });

  it('a Word document is stored as markdown: its headings as # lines, its fees table with its header row', async () => {
    warnings.length = 0;
    const pds = await add('pds.docx', demo('docx').bytes, '--name', 'Product Disclosure Statement');
    expect(pds.text).toMatch(/^# Product Disclosure Statement\n\n/);
    expect(pds.text).toContain('\n\n# 2. Fees and costs\n\n');
    expect(pds.text).toContain('| Fee | Amount | How and when it is paid |\n| --- | --- | --- |\n| Upfront adviser fee | $500 |');
    expect(pds.text).not.toContain('\t');
    expect(warnings).toEqual([]);
    // the Ask-question modal on it answers from its table
    const entry = { id: pds.id, name: pds.name, type: 'docx', version: 1, embedToken: pds.embedToken };
    const answer = await ask('What is the investment fee?', {
      smartDocContext: { documents: [entry], totalDocuments: 1, activeDocument: pds.id },
      additionalNamespaces: [pds.id],
    });
    expect(answer.response).toContain('0.7%');
  });

  it('an other document that is JSON is stored laid out, its array of objects as a table; a binary one without text, and no warning', async () => {
    warnings.length = 0;
    const data = await add('portfolios.json', demo('other').bytes, '--name', 'Model portfolios');
    expect(data.type).toBe('other');
    expect(data.text).toMatch(/^fund: Diversified Index Fund\n/);
    expect(data.text).toContain(
      '\n\n## profiles\n\n| id | name | description | growth | defensive | suggestedMinimumYears | allocation |\n',
    );
    const binary = await add('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    expect(binary).toMatchObject({ type: 'other', text: null });
    expect(warnings).toEqual([]);
  });

  it('a corrupt PDF is added without text, with a warning that says why; the chat goes on answering', async () => {
    warnings.length = 0;
    const bytes = Uint8Array.from(demo('pdf').bytes, (b, i) => (i > 20 ? b ^ 0x5a : b));
    const doc = await add('broken.pdf', bytes, '--name', 'Broken guide');
    expect(doc).toMatchObject({ type: 'pdf', name: 'Broken guide', text: null });
    expect(warnings).toEqual([expect.stringMatching(/^no text is kept for the answers: broken\.pdf: /)]);
    expect((await ask('What is your financial services licence number?')).aiMessage.content).toContain('000000');
  });

  it('a big PDF (300 pages) is read whole, and the server answers while it is read', async () => {
    const pages = Array.from(
      { length: 300 },
      (_, k) => layoutPdf([{ kind: 'para', text: `Page fact ${k + 1}: the code for section ${k + 1} is Q${(k + 1) * 7}.` }], 'Big')[0]!,
    );
    const bytes = buildPdf({ title: 'Big', author: 'Test', subject: 'Test', producer: 'Test' }, pages);
    const adding = add('big.pdf', bytes, '--name', 'Big manual');
    // a question asked meanwhile is answered: the PDF is read off the event loop
    expect((await ask('What is your financial services licence number?')).aiMessage.content).toContain('000000');
    const doc = await adding;
    expect(doc.text).toContain('the code for section 300 is Q2100.');
  });
});

describe('documents stored before their readers are read again at start', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ answers: createBuiltinEngine() });
  });
  afterAll(async () => {
    await s.stop();
    await s.remove();
  });

  it('a PDF without text and a CSV stored raw get their text, once; an unreadable one keeps what it had', async () => {
    const addOld = async (name: string, type: string, filename: string, bytes: Uint8Array, text: string | null) => {
      const fileId = await s.storage.addFile(s.site.id, { filename, contentType: 'application/octet-stream', bytes });
      // as a server before this one stored it: no reader version
      return s.storage.addDocument({ siteId: s.site.id, name, type, fileId, text });
    };
    const csvBytes = demo('csv').bytes;
    const pdf = await addOld('Guide', 'pdf', 'guide.pdf', demo('pdf').bytes, null);
    const csv = await addOld('Fees', 'csv', 'fees.csv', csvBytes, new TextDecoder().decode(csvBytes));
    const broken = await addOld('Broken', 'pdf', 'broken.pdf', new TextEncoder().encode('%PDF-1.4 nothing'), null);
    const md = await s.storage.addDocument({
      siteId: s.site.id,
      name: 'Current',
      type: 'md',
      fileId: null,
      text: '# Current',
      textReader: TEXT_READER_VERSION,
    });

    const log: string[] = [];
    expect(await rereadDocuments(s.storage, (line) => log.push(line))).toBe(3);
    const byId = new Map((await s.storage.listDocuments(s.site.id)).map((d) => [d.id, d]));
    expect(byId.get(pdf.id)!.text).toMatch(/^# Financial Services Guide\n\n/);
    expect(byId.get(csv.id)!.text).toMatch(/^\| Fee \| Amount \| Frequency \| How it is paid \| On a \$10,000 investment \|\n\| --- \|/);
    expect(byId.get(broken.id)!.text).toBeNull();
    expect(byId.get(md.id)!.text).toBe('# Current');
    expect(log).toEqual([expect.stringMatching(new RegExp(`^document "Broken" \\(${broken.id}\\): no new text: `))]);
    // the next start has nothing to read
    expect(await rereadDocuments(s.storage, (line) => log.push(line))).toBe(0);
    expect(log).toHaveLength(1);

    // and the chat finds the PDF's text
    const res = await s.call('/api/chat', {
      ...json({ message: 'What is your financial services licence number?', userSessionId: VISITOR_A, path: '/' }),
      token: await s.boot(),
    });
    expect(((await res.json()) as Json).aiMessage.content).toContain('000000');
  });

  it('documents read by the reader before (a docx as tab lines, a data file without text) are read again', async () => {
    const addOld = async (name: string, type: string, filename: string, bytes: Uint8Array, text: string | null) => {
      const fileId = await s.storage.addFile(s.site.id, { filename, contentType: 'application/octet-stream', bytes });
      // as the server before this reader stored it (versions go up by two)
      return s.storage.addDocument({ siteId: s.site.id, name, type, fileId, text, textReader: TEXT_READER_VERSION - 2 });
    };
    const pds = await addOld('PDS', 'docx', 'pds.docx', demo('docx').bytes, 'Product Disclosure Statement\nFee\tAmount');
    const data = await addOld('Portfolios', 'other', 'portfolios.json', demo('other').bytes, null);
    const binary = await addOld('Logo', 'other', 'logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00]), null);
    const log: string[] = [];
    expect(await rereadDocuments(s.storage, (line) => log.push(line))).toBe(3);
    const byId = new Map((await s.storage.listDocuments(s.site.id)).map((d) => [d.id, d]));
    expect(byId.get(pds.id)!.text).toContain('| Fee | Amount | How and when it is paid |\n| --- | --- | --- |\n');
    expect(byId.get(data.id)!.text).toContain('## profiles\n\n| id | name |');
    expect(byId.get(binary.id)!.text).toBeNull();
    expect(log).toEqual([]);
    expect(await rereadDocuments(s.storage, (line) => log.push(line))).toBe(0);
  });

  it('a document whose reading does not finish is tried once, not at every start; a table the new reader refuses keeps no raw text', async () => {
    const addOld = async (name: string, type: string, filename: string, bytes: Uint8Array, text: string | null, textReader = 0) => {
      const fileId = await s.storage.addFile(s.site.id, { filename, contentType: 'application/octet-stream', bytes });
      return s.storage.addDocument({ siteId: s.site.id, name, type, fileId, text, textReader });
    };
    const slow = await addOld('Slow', 'pdf', 'slow.pdf', demo('pdf').bytes, null);
    const empty = await addOld('Empty', 'csv', 'empty.csv', new Uint8Array(), 'Fee,Amount raw prose');
    // as a server that stopped while it read these: begun, not finished
    const crashed = await addOld('Crashed', 'csv', 'crashed.csv', demo('csv').bytes, 'Fee,Amount raw prose', TEXT_READER_BEGUN);
    const crashedDocx = await addOld('Crashed docx', 'docx', 'crashed.docx', demo('docx').bytes, 'Old text', TEXT_READER_BEGUN);
    const log: string[] = [];
    const start = () => rereadDocuments(s.storage, (line) => log.push(line), { timeLimitMs: 1 });

    // the slow PDF is left begun; the empty CSV is written without text; the crashed ones are not read again
    expect(await start()).toBe(3);
    let byId = new Map((await s.storage.listDocuments(s.site.id)).map((d) => [d.id, d]));
    expect(byId.get(empty.id)!.text).toBeNull();
    expect(byId.get(crashed.id)!.text).toBeNull();
    expect(byId.get(crashedDocx.id)!.text).toBe('Old text');
    expect(byId.get(slow.id)!.text).toBeNull();
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^document "Slow" \\(${slow.id}\\): no new text: it took longer than 1 ms to read$`)),
        expect.stringMatching(new RegExp(`^document "Empty" \\(${empty.id}\\): no new text: it has no rows`)),
        expect.stringMatching(new RegExp(`^document "Crashed" \\(${crashed.id}\\): not read again`)),
        expect.stringMatching(new RegExp(`^document "Crashed docx" \\(${crashedDocx.id}\\): not read again`)),
      ]),
    );
    expect(log).toHaveLength(4);

    // the next start does not read the slow PDF again: it keeps the text it had
    expect(await start()).toBe(1);
    expect(log.slice(4)).toEqual([expect.stringMatching(new RegExp(`^document "Slow" \\(${slow.id}\\): not read again`))]);
    byId = new Map((await s.storage.listDocuments(s.site.id)).map((d) => [d.id, d]));
    expect(byId.get(slow.id)!.text).toBeNull();
    // and the one after has nothing to do
    expect(await start()).toBe(0);
    expect(log).toHaveLength(5);
  });
});

describe("a video's description and transcript are content of its page", () => {
  let s: TestServer;
  let token: string;
  let video: VideoRecord;
  let other: VideoRecord;
  const scripted = scriptedEngine(() => ({ content: 'An answer.', followUps: [], sources: [] }));
  let builtin: TestServer;
  let builtinToken: string;
  let builtinVideo: VideoRecord;

  const addVideo = (server: TestServer, name: string, description: string, transcript: string) =>
    server.storage.addVideo({ siteId: server.site.id, name, description, fileId: null, thumbnailFileId: null, transcript });

  beforeAll(async () => {
    s = await startServer({ answers: scripted.engine });
    token = await s.boot();
    await s.storage.addDocument({ siteId: s.site.id, name: 'Fee guide', type: 'md', fileId: null, text: '# Fees\n0.7% a year' });
    video = await addVideo(s, 'Welcome', 'What the shop sells.', 'Welcome to the shop.');
    other = await addVideo(s, 'Returns', '', 'How to return an item.');
    await s.storage.addPresenceMessage(s.site.id, { triggerEventUrl: '/welcome', videoId: video.id, content: '', showOnVisit: true });

    builtin = await startServer({ answers: createBuiltinEngine() });
    builtinToken = await builtin.boot();
    builtinVideo = await addVideo(
      builtin,
      'Planning your retirement',
      'How our planners build a retirement plan with you.',
      'Our planners meet you three times: first to hear your goals, then to show the plan, then to review it each spring.',
    );
    await builtin.storage.addPresenceMessage(builtin.site.id, {
      triggerEventUrl: '/retirement',
      videoId: builtinVideo.id,
      content: '',
      showOnVisit: true,
    });
  });
  afterAll(async () => {
    for (const server of [s, builtin]) {
      await server.stop();
      await server.remove();
    }
  });

  const ask = async (pagePath: string, extra: Json = {}) => {
    const res = await s.call('/api/chat', {
      ...json({ message: 'What is this video about?', userSessionId: VISITOR_A, path: pagePath, ...extra }),
      token,
    });
    expect(res.status).toBe(200);
    await res.json();
    const req = scripted.requests.at(-1)!;
    return { documents: req.documents, focus: req.focus };
  };

  it('a presence video of the page is a source there, before the other documents, with its description and transcript', async () => {
    const { documents, focus } = await ask('/welcome');
    expect(focus).toBeUndefined();
    expect(documents).toEqual([
      { id: video.id, name: 'Welcome', text: '## About this video\n\nWhat the shop sells.\n\n## Transcript\n\nWelcome to the shop.' },
      { id: expect.any(String), name: 'Fee guide', text: '# Fees\n0.7% a year' },
    ]);
  });

  it('on another page it is not', async () => {
    const { documents } = await ask('/pricing');
    expect(documents.map((d) => d.name)).toEqual(['Fee guide']);
  });

  it('a video the page names in additionalNamespaces (a slot of the page) is a source; another site’s id names nothing', async () => {
    const { documents } = await ask('/pricing', { additionalNamespaces: [other.id] });
    expect(documents.map((d) => [d.name, d.text])).toEqual([
      ['Returns', 'How to return an item.'],
      ['Fee guide', '# Fees\n0.7% a year'],
    ]);
    const elsewhere = await startServer({ seed: true });
    try {
      const foreign = await addVideo(elsewhere, 'Secret', 'Secret words.', 'Secret words.');
      expect((await ask('/pricing', { additionalNamespaces: [foreign.id] })).documents.map((d) => d.name)).toEqual(['Fee guide']);
    } finally {
      await elsewhere.stop();
      await elsewhere.remove();
    }
  });

  it('in the Ask-question modal the video is the focus and comes first with its description, though its transcript is empty', async () => {
    const silent = await addVideo(s, 'Silent tour', 'A silent tour of the shop floor.', '');
    const { documents, focus } = await ask('/pricing', {
      videoContext: { id: silent.id, name: 'Silent tour', embedToken: silent.embedToken },
    });
    expect(focus).toEqual({ id: silent.id, name: 'Silent tour' });
    expect(documents[0]).toEqual({ id: silent.id, name: 'Silent tour', text: 'A silent tour of the shop floor.' });
  });

  it('the built-in engine says what the video asked about in the modal is about, from its description', async () => {
    const res = await builtin.call('/api/chat', {
      ...json({
        message: "What's this video about?",
        userSessionId: VISITOR_A,
        path: '/contact',
        videoContext: { id: builtinVideo.id, name: builtinVideo.name, embedToken: builtinVideo.embedToken },
      }),
      token: builtinToken,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Json;
    expect(answer.response).toContain('How our planners build a retirement plan with you.');
    expect(answer.aiMessage.sources).toEqual(['Planning your retirement']);
  });

  it('the built-in engine answers from the video on its page, and not on another page', async () => {
    const chat = async (pagePath: string) => {
      const res = await builtin.call('/api/chat', {
        ...json({ message: 'How many times do the planners meet me?', userSessionId: VISITOR_A, path: pagePath }),
        token: builtinToken,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Json).aiMessage;
    };
    const onPage = await chat('/retirement');
    expect(onPage.content).toContain('three times');
    expect(onPage.sources).toContain('Planning your retirement');
    const elsewhere = await chat('/contact');
    expect(elsewhere.content).not.toContain('three times');
    expect(elsewhere.sources).not.toContain('Planning your retirement');
  });
});
