import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorageRoot } from '../../adapters/storage/storage.ts';
import { files } from '../../db/schema/index.ts';
import { JPEG, multipart, PDF, PNG, uploaded, uploadRequest } from '../../test/fixtures/files.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { sweepUnattachedFiles } from './files.service.ts';

let app: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  // Another public address than the one the test requests use: links must not depend on it.
  app = await createTestApp({ rateLimitScale: 1, publicUrl: 'https://stampworks.example' });
  user = await createUser(app);
});
afterAll(() => app.dispose());

const TEXT = Buffer.from('just some text that pretends to be a picture');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(64)]);
const upload = (data: Buffer, opts: Parameters<typeof uploadRequest>[2] = {}) =>
  uploadRequest(app, data, { kind: 'project_attachment', ...opts });
const nameOf = (link: string) => link.slice('/files/'.length);
const bytesOnDisk = (link: string) => existsSync(path.join(localStorageRoot(app.ctx.config), nameOf(link)));
const get = (link: string, auth?: Record<string, string>) =>
  app.inject({ method: 'GET', url: link, headers: auth ?? {} });

describe('uploads', () => {
  it('stores files under random names, records uploader and kind, and answers a site-relative link', async () => {
    for (const [data, ext] of [
      [PNG, 'png'],
      [JPEG, 'jpg'],
      [PDF, 'pdf'],
    ] as const) {
      // The declared name and type lie; the bytes decide.
      const res = await upload(data, {
        auth: user.auth,
        filename: 'drawing.exe',
        type: 'application/x-msdownload',
      });
      expect(res.statusCode, res.body).toBe(200);
      const link = res.json().secure_url as string;
      expect(link).toMatch(new RegExp(`^/files/[\\w-]{24}\\.${ext}$`));
      expect(res.json()).toMatchObject({ kind: 'project_attachment', size: data.length });
      const stored = await readFile(path.join(localStorageRoot(app.ctx.config), nameOf(link)));
      expect(stored.equals(data)).toBe(true);
      const [row] = await app.ctx.db
        .select()
        .from(files)
        .where(eq(files.name, nameOf(link)));
      expect(row).toMatchObject({ kind: 'project_attachment', uploaderId: user.id, subjectId: null });
    }
  });

  it('needs to know what the file is for, and takes only the formats of that kind', async () => {
    const noKind = await uploadRequest(app, PNG, { auth: user.auth });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().message).toMatch(/Say what the file is for/);
    expect((await uploadRequest(app, PNG, { auth: user.auth, kind: 'ssn_scan' })).statusCode).toBe(400);
    const pdfAvatar = await uploadRequest(app, PDF, { auth: user.auth, kind: 'avatar' });
    expect(pdfAvatar.statusCode).toBe(415);
    expect(pdfAvatar.json().message).toBe(
      'This file cannot be used as a profile picture. Allowed: PNG, JPG, WEBP, GIF.',
    );
  });

  it('refuses content it cannot recognise as allowed, whatever the name says', async () => {
    for (const data of [TEXT, EXE]) {
      const res = await upload(data, { auth: user.auth, filename: 'photo.png', type: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/not supported/);
    }
  });

  it('refuses images over 5 MB and files over 25 MB with 413', async () => {
    const bigImage = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(bigImage, { auth: user.auth });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Images can be at most 5 MB.');
    const pdf6 = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(pdf6, { auth: user.auth })).statusCode).toBe(200);
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    const tooBig = await upload(bigPdf, { auth: user.auth });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Files can be at most 25 MB.');
  });

  it('lets a visitor upload only an avatar image, at most 10 an hour per address', async () => {
    const ip = '198.51.100.7';
    const pdf = await uploadRequest(app, PDF, { ip, kind: 'avatar' });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toMatch(/before signing in/);
    const proof = await uploadRequest(app, PNG, { ip, kind: 'license_proof' });
    expect(proof.statusCode).toBe(415);
    const big = await uploadRequest(app, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), {
      ip,
      kind: 'avatar',
    });
    expect(big.statusCode).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await uploadRequest(app, PNG, { ip, kind: 'avatar' })).statusCode);
    expect(statuses.slice(0, 7).every((s) => s === 200)).toBe(true);
    expect(statuses[7]).toBe(429);
    // Signed-in uploads are counted per account, not per address.
    expect((await uploadRequest(app, PNG, { ip, kind: 'avatar', auth: user.auth })).statusCode).toBe(200);
  });

  it('answers a request without a file, or not multipart, with a 4xx', async () => {
    const noFile = multipart([{ name: 'note', data: 'hello' }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/files?kind=avatar',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...user.auth },
    });
    expect(res.statusCode).toBe(400);
    const other = multipart([{ name: 'picture', filename: 'a.png', data: PNG }]);
    const wrongField = await app.inject({
      method: 'POST',
      url: '/api/files?kind=avatar',
      payload: other.payload,
      headers: { ...other.headers, ...user.auth },
    });
    expect(wrongField.statusCode).toBe(400);
    for (const [payload, type] of [
      [JSON.stringify({ file: 'x' }), 'application/json'],
      ['garbage', 'multipart/form-data; boundary=zzz'],
    ]) {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/files?kind=avatar',
        payload,
        headers: { 'content-type': type, ...user.auth },
      });
      expect(bad.statusCode).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode).toBeLessThan(500);
    }
  });

  it('reads multipart bodies on the upload route only: elsewhere they are refused, 415', async () => {
    const form = multipart([{ name: 'file', filename: 'a.png', data: PNG }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: form.payload,
      headers: { ...form.headers, ...user.auth },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: 'Unsupported content type.' });
  });
});

describe('serving files', () => {
  it('serves public kinds to anyone, cached; documents as sandboxed downloads', async () => {
    const avatar = await uploaded(app, 'avatar', user.auth);
    const res = await get(avatar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="upload.png"; filename*=UTF-8''upload.png`,
    );
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const attachment = await uploaded(app, 'project_attachment', user.auth);
    const doc = await get(attachment);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toBe(
      `attachment; filename="upload.pdf"; filename*=UTF-8''upload.pdf`,
    );
    expect(nameOf(attachment)).not.toBe('upload.pdf');
    expect(doc.headers['content-security-policy']).toMatch(/sandbox/);
    expect(doc.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect((await get('/files/AbCdEfGhIjKlMnOpQrSt.png')).statusCode).toBe(404);
    expect((await get('/files/..%2f..%2fencryption.key')).statusCode).toBeLessThan(500);
    expect((await get('/files/..%2f..%2fencryption.key')).statusCode).not.toBe(200);
  });

  it('keeps the name the uploader gave the file and downloads it under that name', async () => {
    const engineer = await createUser(app, { role: 'engineer' });
    const up = await uploadRequest(app, PDF, {
      kind: 'license_proof',
      auth: engineer.auth,
      filename: 'C:\\Scans\\Licence „Texas“ PE.PDF',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ file_name: 'Licence „Texas“ PE.pdf' });
    const link = up.json().secure_url as string;
    const [row] = await app.ctx.db
      .select()
      .from(files)
      .where(eq(files.name, nameOf(link)));
    expect(row.originalName).toBe('Licence „Texas“ PE.pdf');
    const res = await get(link, engineer.auth);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Licence _Texas_ PE.pdf"; filename*=UTF-8''Licence%20%E2%80%9ETexas%E2%80%9C%20PE.pdf`,
    );
    // A name that claims another type is saved with the type the bytes are.
    const renamed = await uploadRequest(app, PDF, {
      kind: 'license_proof',
      auth: engineer.auth,
      filename: 'run.exe',
    });
    expect(renamed.json().file_name).toBe('run.pdf');
    // The licence answers carry the name, for the list that shows it.
    const added = await app.inject({
      method: 'POST',
      url: `/api/engineer/license/${engineer.id}`,
      headers: engineer.auth,
      payload: {
        license_number: `PE-${Math.random().toString().slice(2, 9)}`,
        license_type: 'PE',
        issue_country: 'USA',
        issue_state: 'Texas',
        specializations: ['structural'],
        expiration_date: '2099-12-31',
        proof_url: link,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ proof_url: link, proof_name: 'Licence „Texas“ PE.pdf' });
  });

  it('serves a licence proof only to its engineer and admins, never cached', async () => {
    const engineer = await createUser(app, { role: 'engineer' });
    const otherEngineer = await createUser(app, { role: 'engineer' });
    const client = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    const proof = await uploaded(app, 'license_proof', engineer.auth);
    const visitor = await get(proof);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in to open this file.');
    for (const stranger of [otherEngineer, client]) {
      const res = await get(proof, stranger.auth);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    for (const reader of [engineer, admin]) {
      const res = await get(proof, reader.auth);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    }
  });

  it('sweeps uploads that no field took within a day', async () => {
    const fresh = await uploaded(app, 'license_proof', user.auth);
    const old = await uploaded(app, 'license_proof', user.auth);
    await app.ctx.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(files.name, nameOf(old)));
    expect(await sweepUnattachedFiles(app.ctx)).toBeGreaterThanOrEqual(1);
    expect(bytesOnDisk(old)).toBe(false);
    expect(bytesOnDisk(fresh)).toBe(true);
    expect((await get(old, user.auth)).statusCode).toBe(404);
  });
});

describe('fields take only the caller’s own file of the right kind', () => {
  const license = {
    license_number: 'PE-77001',
    license_type: 'PE',
    issue_country: 'USA',
    issue_state: 'California',
    specializations: ['civil'],
    expiration_date: '2099-12-31',
  };
  const addLicense = (who: { id: string; auth: Record<string, string> }, extra: object) =>
    app.inject({
      method: 'POST',
      url: `/api/engineer/license/${who.id}`,
      headers: who.auth,
      payload: { ...license, license_number: `PE-${Math.random().toString().slice(2, 9)}`, ...extra },
    });
  const project = {
    title: 'Garage permit',
    description: 'Stamped plans for a garage.',
    specializations: ['structural'],
    license_type: 'PE',
    budget: 500_00,
    country: 'USA',
    state: 'Texas',
  };
  const postProject = (who: { id: string; auth: Record<string, string> }, extra: object) =>
    app.inject({
      method: 'POST',
      url: `/api/projects/${who.id}`,
      headers: who.auth,
      payload: { ...project, ...extra },
    });

  it('refuses another user’s upload in a licence, a project and a profile picture', async () => {
    const victim = await createUser(app, { role: 'engineer' });
    const thief = await createUser(app, { role: 'engineer' });
    const thiefClient = await createUser(app, { role: 'client' });
    const proof = await uploaded(app, 'license_proof', victim.auth);
    const stolen = await addLicense(thief, { proof_url: proof });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual({
      proof_url: 'The proof document must be a file uploaded to StampWorks.',
    });
    const attachment = await uploaded(app, 'project_attachment', victim.auth);
    expect((await postProject(thiefClient, { attachments: attachment })).statusCode).toBe(400);
    const avatar = await uploaded(app, 'avatar', victim.auth);
    const picture = await app.inject({
      method: 'PUT',
      url: `/api/auth/update/${thief.id}`,
      headers: thief.auth,
      payload: { profile_picture: avatar },
    });
    expect(picture.statusCode).toBe(400);
    // Nothing of the victim's became readable to the thief.
    expect((await get(proof, thief.auth)).statusCode).toBe(404);
  });

  it('refuses a file of another kind: a private proof cannot be published as a project attachment', async () => {
    const client = await createUser(app, { role: 'client' });
    const privateProof = await uploaded(app, 'license_proof', client.auth);
    const res = await postProject(client, { attachments: privateProof });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      attachments: 'The attachment must be a file uploaded to StampWorks.',
    });
    expect((await get(privateProof)).statusCode).toBe(401);
  });

  it('puts one file into one record only', async () => {
    const engineer = await createUser(app, { role: 'engineer' });
    const proof = await uploaded(app, 'license_proof', engineer.auth);
    expect((await addLicense(engineer, { proof_url: proof })).statusCode).toBe(201);
    expect((await addLicense(engineer, { proof_url: proof })).statusCode).toBe(400);
  });

  it('stores site-relative links, also when given the absolute address of an own upload', async () => {
    const client = await createUser(app, { role: 'client' });
    const attachment = await uploaded(app, 'project_attachment', client.auth);
    const res = await postProject(client, { attachments: `http://127.0.0.1:3000${attachment}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachments).toBe(attachment);
    for (const bad of ['javascript:alert(1)', '/files/../secret.pdf', 'https://evil.example/x.pdf'])
      expect((await postProject(client, { attachments: bad })).statusCode).toBe(400);
  });
});

describe('files go with the records that held them', () => {
  it('deletes the proof with its licence, and the replaced proof on an edit', async () => {
    const engineer = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const first = await uploaded(app, 'license_proof', engineer.auth);
    const added = await app.inject({
      method: 'POST',
      url: `/api/engineer/license/${engineer.id}`,
      headers: engineer.auth,
      payload: {
        license_number: 'PE-DEL-1',
        license_type: 'PE',
        issue_country: 'USA',
        issue_state: 'Texas',
        specializations: ['civil'],
        expiration_date: '2099-01-01',
        proof_url: first,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as string;
    const second = await uploaded(app, 'license_proof', engineer.auth);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/engineer/license/${id}`,
      headers: engineer.auth,
      payload: { ...(added.json() as object), proof_url: second },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(first, admin.auth)).statusCode).toBe(404);
    await expect.poll(() => bytesOnDisk(first)).toBe(false);
    expect((await get(second, admin.auth)).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/engineer/license/${id}`,
      headers: engineer.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(second, engineer.auth)).statusCode).toBe(404);
    expect((await get(second, admin.auth)).statusCode).toBe(404);
    await expect.poll(() => bytesOnDisk(second)).toBe(false);
  });

  it('deletes every upload of a deleted account', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const { hashPassword } = await import('../../lib/password.ts');
    const engineer = await createUser(app, {
      role: 'engineer',
      passwordHash: await hashPassword('Rebar-Stamp-Plan-42'),
    });
    const proof = await uploaded(app, 'license_proof', engineer.auth);
    const avatar = await uploaded(app, 'avatar', engineer.auth);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/auth/${engineer.id}`,
      headers: engineer.auth,
      payload: { password: 'Rebar-Stamp-Plan-42' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(proof, admin.auth)).statusCode).toBe(404);
    expect((await get(avatar)).statusCode).toBe(404);
    await expect.poll(() => bytesOnDisk(proof) || bytesOnDisk(avatar)).toBe(false);
  });
});
