// The local S3 (s3rver) in its own process, so that no storage fault can end the app: the parent
// restarts it on the same port if it dies. Settings come as JSON in the S3RVER environment variable:
// { directory, port, buckets: [{ name, configs }], token, tokenHeader }.
// s3rver lacks three things real S3 does, added here: ListParts (the app checks a multipart upload's parts
// before completing it), refusing to complete with a part that was never uploaded or has another
// ETag (s3rver would read a missing file and crash on the stream error), and the tags an object is
// stored with (`x-amz-tagging` on a PUT, as header or signed query, or on a multipart upload's start).
// Only the app's storage proxy (infra/local/storage-proxy.ts), which checks each request's signature, may
// reach it: every request must carry the proxy's per-run token (s3rver checks no V4 signature itself).
// The IPC channel closes when the parent dies, even by SIGKILL: exit rather than linger.
process.on('disconnect', () => process.exit(0));
const { promises: fs } = require('node:fs');
const path = require('node:path');
const S3rver = require('s3rver');
const S3Error = require('s3rver/lib/models/error');
const { TaggingConfiguration } = require('s3rver/lib/models/config');
const { carriesToken } = require('./local-token.cjs');

const settings = JSON.parse(process.env.S3RVER || '{}');
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const uploadDir = (bucket, uploadId) => path.join(settings.directory, bucket, '._S3rver_uploads', uploadId);

/** The parts stored for an upload of `key`, by number; NoSuchUpload when there is no such upload. */
async function storedParts(bucket, key, uploadId) {
  const dir = uploadDir(bucket, uploadId);
  const storedKey = UPLOAD_ID.test(uploadId) ? await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => null) : null;
  if (storedKey === null || (key !== undefined && storedKey !== key)) {
    throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
  }
  const names = (await fs.readdir(dir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => ({
      number: Number(name),
      etag: (await fs.readFile(path.join(dir, `${name}.md5`), 'utf8').catch(() => '')).trim(),
      size: (await fs.stat(path.join(dir, name))).size,
    })),
  );
  return new Map(parts.filter((part) => part.etag).map((part) => [part.number, part]));
}

const server = new S3rver({ address: '127.0.0.1', port: settings.port || 0, silent: true, directory: settings.directory, vhostBuckets: false, configureBuckets: settings.buckets });

const xmlText = (text) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Stores `tagging` (`k=v&k2=v2`, as S3's x-amz-tagging) as the object's tag set. */
async function storeTagging(bucket, key, tagging) {
  if (typeof tagging !== 'string' || tagging === '') return;
  const tags = [...new URLSearchParams(tagging)].map(([name, value]) => `<Tag><Key>${xmlText(name)}</Key><Value>${xmlText(value)}</Value></Tag>`);
  await server.store.putSubresource(bucket, key, TaggingConfiguration.validate(`<Tagging><TagSet>${tags.join('')}</TagSet></Tagging>`));
}

const completeUploaded = server.store.putObjectMultipart.bind(server.store);
server.store.putObjectMultipart = async (bucket, uploadId, parts) => {
  const stored = await storedParts(bucket, undefined, uploadId);
  for (const part of parts) {
    if (stored.get(part.number)?.etag !== part.etag) {
      throw new S3Error('InvalidPart', 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part\'s entity tag.');
    }
  }
  // The upload's start kept its headers, tags included; its folder is gone once completed.
  const dir = uploadDir(bucket, uploadId);
  const [key, started] = await Promise.all([fs.readFile(path.join(dir, 'key'), 'utf8'), fs.readFile(path.join(dir, 'metadata'), 'utf8').then(JSON.parse)]);
  const result = await completeUploaded(bucket, uploadId, parts);
  await storeTagging(bucket, key, started['x-amz-tagging']);
  return result;
};

// s3rver's delete also removes the folders it leaves empty; a file stored into one of them meanwhile (two
// jobs' engine files side by side) then found its folder gone and ended the process. Here a delete removes
// the object's files only: an empty folder lists nothing, and the sweep's folder walk is unaffected.
server.store.deleteObject = async (bucket, key) => {
  await Promise.all(
    ['object', 'object.md5', 'metadata.json'].map((resource) => fs.rm(server.store.getResourcePath(bucket, key, resource), { force: true })),
  );
};

/** PUT /<bucket>/<key> with x-amz-tagging (header, or the signed query of a presigned link): the object gets those tags. */
async function taggedPut(ctx, next) {
  await next();
  const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  const plainPut = ctx.method === 'PUT' && match && !['uploadId', 'tagging', 'acl'].some((name) => name in ctx.query);
  if (plainPut && ctx.status === 200) await storeTagging(match[1], decodeURIComponent(match[2]), ctx.get('x-amz-tagging') || ctx.query['x-amz-tagging']);
}

/** GET /<bucket>/<key>?uploadId=...: ListParts, placed just before s3rver's router. */
async function listParts(ctx, next) {
  const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  if (ctx.method !== 'GET' || !match || typeof ctx.query.uploadId !== 'string') return next();
  const [, bucket, key] = match;
  const parts = [...(await storedParts(bucket, decodeURIComponent(key), ctx.query.uploadId)).values()].sort((a, b) => a.number - b.number);
  ctx.body = {
    ListPartsResult: {
      Bucket: bucket,
      Key: decodeURIComponent(key),
      UploadId: ctx.query.uploadId,
      IsTruncated: false,
      Part: parts.map((part) => ({ PartNumber: part.number, ETag: JSON.stringify(part.etag), Size: part.size })),
    },
  };
}
server.middleware.splice(server.middleware.length - 1, 0, listParts, taggedPut);

/** Refuses anything that did not come through the proxy (which adds the token after the signature check). */
async function fromProxyOnly(ctx, next) {
  if (!carriesToken(ctx.headers, settings)) {
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
    return;
  }
  return next();
}
server.middleware.unshift(fromProxyOnly);

server
  .run()
  .then((address) => process.send({ type: 'ready', port: address.port }))
  .catch((error) => {
    console.error('s3rver could not start:', error);
    process.exit(1);
  });
