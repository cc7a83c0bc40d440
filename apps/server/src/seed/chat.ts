// Demo conversations. Every deal with an accepted proposal gets its room through
// openDealRoom, as a successful payment opens it (the payments seed may have opened it
// already: openDealRoom is an upsert). Some rooms hold conversations from both sides with
// an image and a PDF, read and unread messages:
// - Claire (client) and Ethan (engineer) on 'Load-bearing wall removal': Claire has two
//   unread messages; an older, finished conversation on the office HVAC job is all read.
// - Marcus and Ethan on the stormwater job, a long conversation (older messages load on
//   scrolling up): Ethan has unread messages.
// - Marcus and Priya on the cell tower foundation, in dispute: readable by admins.
// - Ethan's finished porch and sign jobs, and Noah's lab exhaust for Marcus: short, read
//   conversations.
// - Olivia and James on the balcony remediation; other rooms are open but still empty
//   ('No messages found.').
// - Claire and Noah on the backyard deck, whose payment was refunded: the room is closed
//   (read-only) and keeps the few messages sent before the refund.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { filePath } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Storage } from '../adapters/storage/storage.ts';
import type { DbOrTx } from '../db/client.ts';
import { chatMessages, chatRooms, files as filesTable, projects, proposals } from '../db/schema/index.ts';
import { openDealRoom } from '../modules/chat/rooms.ts';

type Line = {
  /** 'client' or 'engineer' of the room. */
  from: 'client' | 'engineer';
  text: string;
  /** Minutes before now (before the refund, in a room a refund closed). */
  ago: number;
  attachment?: 'photo' | 'calcs';
  /** Unread by its receiver; everything else is read. */
  unread?: boolean;
};

const H = 60;
const D = 24 * H;

// Three weeks of the stormwater job before the recent messages: more than one page (30).
const STORMWATER_HISTORY: Line[] = (
  [
    ['engineer', 'Hi Marcus, thanks for the award. Could you share the survey and the geotech report?'],
    ['client', 'Uploading both to the shared folder now. The survey is from March.'],
    ['engineer', 'Got them. The soils are clay, so infiltration is out; it will be a detention pond.'],
    ['client', 'That was our guess too. How big are we talking?'],
    ['engineer', 'Roughly 0.6 acre-feet for the 25-year storm. I will confirm after the hydrology.'],
    ['client', 'Can it fit in the corner lot by the entrance?'],
    ['engineer', 'It should, with 3:1 side slopes. I will sketch it over the survey.'],
    ['client', 'Great. The county pre-application meeting is next Thursday.'],
    ['engineer', 'I will have the preliminary numbers by Wednesday.'],
    ['engineer', 'Preliminary hydrology is done: pre-development peak 14 cfs, post 31 cfs.'],
    ['client', 'So the pond brings it back to 14?'],
    ['engineer', 'Yes, with a two-stage outlet: an orifice for the small storms and a weir above.'],
    ['client', 'The county engineer liked the approach at the meeting.'],
    ['engineer', 'Good news. Did they mention freeboard?'],
    ['client', 'One foot above the 100-year water level.'],
    ['engineer', 'Noted. That raises the berm by about half a foot.'],
    ['client', 'Does that affect the lot grading?'],
    ['engineer', 'Only lots 1 and 2; I will send the revised spot elevations.'],
    ['engineer', 'Revised grading for lots 1 and 2 is in the folder.'],
    ['client', 'Thanks. The builder wants the pond built first, as the sediment basin.'],
    ['engineer', 'That works. I will add a temporary riser and a skimmer to the erosion control sheet.'],
    ['client', 'Will the county accept that?'],
    ['engineer', 'Yes, it is their standard detail ES-7. I will reference it.'],
    ['client', 'Perfect. How is the outlet structure coming along?'],
    ['engineer', 'Sizing the orifice now: 6 inches at the bottom, weir 4 feet long.'],
    ['client', 'The contractor asks if precast is fine.'],
    ['engineer', 'Precast is fine, a 4x4 box. I will note the manufacturer’s detail as an equal.'],
    ['client', 'Thanks Ethan, good progress.'],
  ] as const
).map(([from, text], i) => ({ from, text, ago: (27 - i * 0.7) * D }));

const CONVERSATIONS: Record<string, Line[]> = {
  kitchen: [
    {
      from: 'engineer',
      ago: 3 * D,
      text: 'Hi Claire, thanks for accepting my proposal. Could you send a photo of the wall from the kitchen side, and tell me which way the ceiling joists run?',
    },
    {
      from: 'client',
      ago: 3 * D - 40,
      text: 'Sure, here is the wall. The joists run front to back, parallel to the driveway.',
      attachment: 'photo',
    },
    {
      from: 'engineer',
      ago: 3 * D - 25,
      text: "Perfect, that makes it a bearing wall as expected. I'll size a flush LVL beam with a post at each end.",
    },
    {
      from: 'engineer',
      ago: D + 120,
      text: 'Preliminary beam calculations attached: 3-ply 1¾" × 11⅞" LVL, posts down to two new footings.',
      attachment: 'calcs',
    },
    {
      from: 'client',
      ago: D + 30,
      text: 'Great, thank you! Does the new footing need its own inspection?',
    },
    {
      from: 'engineer',
      ago: 50,
      text: "Yes, the city inspects footings before the pour. I'll call it out on the drawing.",
      unread: true,
    },
    { from: 'engineer', ago: 48, text: 'You will have the final stamped set by Friday.', unread: true },
  ],
  'office-hvac': [
    {
      from: 'client',
      ago: 52 * D,
      text: 'The new rooftop units arrive on the 14th. Will the curb adapter details be ready by then?',
    },
    {
      from: 'engineer',
      ago: 52 * D - 90,
      text: 'Yes, I will send the stamped set on the 10th, with the adapter curb and anchorage details.',
    },
    { from: 'client', ago: 41 * D, text: 'Permit approved today. Thanks for the quick turnaround!' },
  ],
  porch: [
    {
      from: 'client',
      ago: 12 * D,
      text: 'The porch posts land on the old patio slab. Can they sit on it or do we need new footings?',
    },
    {
      from: 'engineer',
      ago: 12 * D - 120,
      text: 'New footings: 18 in square, 24 in deep. It is on sheet S-1 of the set I just sent.',
    },
    { from: 'client', ago: 8 * D, text: 'Accepted. Thanks, Ethan!' },
  ],
  sign: [
    {
      from: 'client',
      ago: 33 * D,
      text: 'The sign contractor wants to pour next week. Is the footing final?',
    },
    {
      from: 'engineer',
      ago: 33 * D - 60,
      text: 'Yes, the stamped footing and anchor bolt plan is in the submission.',
    },
  ],
  lab: [
    {
      from: 'client',
      ago: 60 * D,
      text: 'Facilities asks whether the energy recovery wheel fits the existing roof curb.',
    },
    {
      from: 'engineer',
      ago: 60 * D - 45,
      text: 'It does, with the adapter detailed on sheet M-3 of the set.',
    },
  ],
  stormwater: [
    ...STORMWATER_HISTORY,
    {
      from: 'engineer',
      ago: 6 * D,
      text: 'Marcus, the county wants the 100-year storm routed through the pond. I am updating the outlet structure.',
    },
    { from: 'client', ago: 5 * D, text: 'Understood. Does that change the pond footprint?' },
    {
      from: 'client',
      ago: 3 * H,
      text: 'Also, the grading contractor asks for the spillway elevation as soon as possible.',
      unread: true,
    },
    { from: 'client', ago: 2 * H, text: 'Could you call me this afternoon?', unread: true },
  ],
  tower: [
    {
      from: 'engineer',
      ago: 20 * D,
      text: 'The reactions you sent are for a 120 ft monopole, but the drawings show 150 ft. Which one is right?',
    },
    { from: 'client', ago: 19 * D, text: 'Use the drawings. I need the review by Monday.' },
    {
      from: 'engineer',
      ago: 18 * D,
      text: 'I need the carrier’s reactions for 150 ft before I can sign. I have asked support to help sort this out.',
    },
  ],
  balcony: [
    {
      from: 'client',
      ago: 9 * D,
      text: 'James, strata has approved access to the balconies on levels 2 and 3 next Tuesday.',
    },
    {
      from: 'engineer',
      ago: 9 * D - 60,
      text: 'Thanks Olivia. I will bring the moisture meter and take core samples of the slab edges.',
    },
    {
      from: 'engineer',
      ago: 2 * D,
      text: 'Inspection report is nearly done: two balconies need new waterproofing.',
    },
  ],
  deck: [
    {
      from: 'engineer',
      ago: 280,
      text: 'Thanks for choosing me, Claire. Could you send the foundation plan of the house so I can locate the ledger board?',
    },
    {
      from: 'client',
      ago: 200,
      text: 'Sorry Noah, the HOA has not approved the deck after all. I am asking for a refund and will post the project again once they do.',
    },
    { from: 'engineer', ago: 190, text: 'Understood. Happy to quote again when it comes back.' },
  ],
};

type StoredFile = { name: string; contentType: string; size: number };
export type SeededFiles = { photo: StoredFile; calcs: StoredFile };

/** Stores the two files the demo conversations attach. */
export async function storeChatFiles(storage: Storage): Promise<SeededFiles> {
  const store = async (data: Buffer, ext: string, contentType: string) => ({
    name: await storage.put(data, ext, contentType),
    contentType,
    size: data.length,
  });
  return {
    photo: await store(wallPhoto(), 'png', 'image/png'),
    calcs: await store(beamCalcsPdf(), 'pdf', 'application/pdf'),
  };
}

export async function seedChat(
  tx: DbOrTx,
  projectIds: Record<string, string>,
  files: SeededFiles,
): Promise<void> {
  const deals = await tx
    .select({
      projectId: projects.id,
      clientId: projects.customerId,
      engineerId: proposals.engineerId,
      title: projects.title,
    })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .where(eq(proposals.status, 'accepted'));
  const keyOf = new Map(Object.entries(projectIds).map(([key, id]) => [id, key]));
  for (const deal of deals) await openDealRoom(tx, deal);
  // Every room, the ones a refund closed too (seed/payments.ts opened and closed those).
  for (const room of await tx.select().from(chatRooms)) {
    const lines = CONVERSATIONS[keyOf.get(room.projectId) ?? ''];
    if (!lines) continue;
    const end = room.closedAt?.getTime() ?? Date.now();
    const at = (ago: number) => new Date(end - ago * 60_000);
    const messages = lines.map((l) => {
      const sender = l.from === 'client' ? room.clientId : room.engineerId;
      const receiver = l.from === 'client' ? room.engineerId : room.clientId;
      const file = l.attachment ? files[l.attachment] : null;
      return {
        id: randomUUID(),
        roomId: room.id,
        senderId: sender,
        receiverId: receiver,
        message: l.text,
        attachments: file ? filePath(file.name) : null,
        file,
        isRead: !l.unread,
        readAt: l.unread ? null : at(l.ago - 5),
        createdAt: at(l.ago),
      };
    });
    await tx.insert(chatMessages).values(messages.map(({ file: _, ...m }) => m));
    for (const m of messages) {
      if (!m.file) continue;
      // Each file is held by the one message that carries it.
      await tx.insert(filesTable).values({
        name: m.file.name,
        kind: 'chat_attachment',
        uploaderId: m.senderId,
        subjectId: m.id,
        contentType: m.file.contentType,
        size: m.file.size,
      });
    }
    const last = Math.min(...lines.map((l) => l.ago));
    await tx
      .update(chatRooms)
      .set({ createdAt: at(Math.max(...lines.map((l) => l.ago)) + 10), updatedAt: at(last) })
      .where(eq(chatRooms.id, room.id));
  }
}

// --- The attached files: a drawn "photo" of the wall and a one-page calculation PDF. ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 480x320 PNG: a painted wall with a doorway, a ceiling line and floor tiles. */
function wallPhoto(): Buffer {
  const w = 480;
  const h = 320;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      let rgb: [number, number, number] = [226, 214, 190]; // wall
      if (y < 40)
        rgb = [245, 245, 240]; // ceiling
      else if (y > 260)
        rgb = (Math.floor(x / 40) + Math.floor(y / 20)) % 2 ? [150, 120, 90] : [170, 140, 105];
      else if (x > 300 && x < 380 && y > 90) rgb = [90, 70, 55]; // doorway
      if (y === 40 || y === 260) rgb = [120, 110, 100];
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = rgb[0];
      raw[o + 1] = rgb[1];
      raw[o + 2] = rgb[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with the preliminary beam calculation. */
function beamCalcsPdf(): Buffer {
  const lines = [
    'Preliminary beam calculation - load-bearing wall removal',
    'Span 12 ft 6 in, floor load 40 psf live + 15 psf dead, tributary width 13 ft',
    'w = 715 plf, M = 13.97 kip-ft, V = 4.47 kip',
    'Selected: 3-ply 1.75 x 11.875 LVL (2.0E), Fb = 2,600 psi',
    'Posts: 3-ply 2x6 to new 24 x 24 x 12 in footings',
    'Preliminary - not for construction',
  ];
  const text = lines.map((l, i) => `BT /F1 12 Tf 50 ${740 - i * 22} Td (${l}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
