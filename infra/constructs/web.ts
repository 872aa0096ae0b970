/**
 * The site (docs/architecture.md#two-deployments, docs/architecture.md#http-contract): CloudFront serves the React app from a private bucket (origin
 * access control) and forwards the API paths to the HTTP API, so pages, API and cookies share one origin.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, DefaultStackSynthesizer, Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type IOrigin,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Bucket, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PERMISSIONS_POLICY } from '../site-headers';
import { STATIC_FILE_PATTERNS } from '../static-files';
import { API_PATH_PATTERNS, ROUTE_LIST } from '../../functions/contract';
import { MAX_API_BODY_BYTES, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/domain/constants';
import { LIVE_ASSETS_ROOT } from '../../functions/domain/live-assets';
import { MESSAGES } from '../../functions/domain/messages';
import { NOINDEX_HEADERS, SHARED_PAGE_PREFIX } from '../../functions/domain/share-links';
import { SHARED_MEDIA_SEGMENT } from '../../functions/storage/shared-media';
import { sharedMediaFunctionCode } from '../shared-media-edge';
import { REPO_ROOT } from './app-function';
import { privateBucketDefaults, USER_RECORDINGS } from './storage';

export const WEB_DIST = path.join(REPO_ROOT, 'web/dist');
/** Origin ids, referenced by the CloudFront Functions below. */
export const WEB_ORIGIN_ID = 'web';
export const API_ORIGIN_ID = 'api';

/**
 * Default behaviour: every path that is not a static file is a route of the single-page app, so it gets
 * /index.html. Static files are Vite's hashed bundles under /assets/ and top-level files such as
 * /favicon.svg. Done at the edge rather than with 403/404 error pages, which would also replace the
 * API's JSON 404 answers.
 */
const SPA_ROUTING = `function handler(event) {
  var request = event.request;
  if (${STATIC_FILE_PATTERNS.map((pattern) => `!${pattern.toString()}.test(request.uri)`).join(' && ')}) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * API paths that are also pages of the app (/signup is both the sign-up page and POST /signup): page
 * loads (GET and HEAD) go to the web bucket as /index.html, everything else to the API. CloudFront
 * behaviours match paths only, never methods, so the choice is made per request by a viewer-request
 * function with the origin-modification helper (cloudfront-js-2.0). The web origin's settings, origin
 * access control included, apply to the switched request; query string and cookies are dropped so
 * that S3 sees a plain object read.
 */
/**
 * A declared body larger than the API can carry gets the app's own 413 here (Lambda would fail it as a 500).
 * No `connection` header: an edge function that sets one makes CloudFront answer 502 instead.
 */
const REFUSE_LARGE_BODY = `  var length = request.headers['content-length'];
  if (length && Number(length.value) > ${MAX_API_BODY_BYTES}) {
    return {
      statusCode: 413,
      statusDescription: 'Payload Too Large',
      headers: { 'content-type': { value: 'application/json; charset=utf-8' }, 'cache-control': { value: 'no-store' } },
      body: { encoding: 'text', data: ${JSON.stringify(JSON.stringify({ error: MESSAGES.bodyTooLarge }))} },
    };
  }`;

/**
 * The viewer's address for the API's per-address limits, from CloudFront itself: the managed origin request
 * policy forwards viewer headers, not CloudFront's own, and a header of that name from the viewer is overwritten.
 */
const STAMP_VIEWER_ADDRESS = `  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };`;

/** Every API request: the body limit and the viewer's address. */
const API_REQUEST = `function handler(event) {
  var request = event.request;
${REFUSE_LARGE_BODY}
${STAMP_VIEWER_ADDRESS}
  return request;
}`;

/** An API path that is also a page: the body limit and the viewer's address, then GET and HEAD go to the app. */
const PAGE_OR_API = `import cf from 'cloudfront';
function handler(event) {
  var request = event.request;
${REFUSE_LARGE_BODY}
${STAMP_VIEWER_ADDRESS}
  if (request.method === 'GET' || request.method === 'HEAD') {
    cf.selectRequestOriginById('${WEB_ORIGIN_ID}');
    request.uri = '/index.html';
    request.querystring = {};
    request.cookies = {};
  }
  return request;
}`;

/**
 * Which API path patterns are also page URLs: exact paths (no wildcard) that have no GET route of
 * their own. A browser that opens /logout or /verify-code then sees the app's not-found page
 * instead of a JSON error.
 */
export const pagePatterns = (): string[] =>
  API_PATH_PATTERNS.filter(
    (pattern) => !pattern.includes('*') && !ROUTE_LIST.some((route) => route.method === 'GET' && route.path === pattern),
  );

const PRICE_CLASSES = { '100': PriceClass.PRICE_CLASS_100, '200': PriceClass.PRICE_CLASS_200, All: PriceClass.PRICE_CLASS_ALL } as const;

export interface WebProps {
  accessLogs: IBucket;
  /** CloudFront's edge locations (the deploy setting priceClass). */
  priceClass: keyof typeof PRICE_CLASSES;
  /** The built site; default web/dist. */
  siteDir?: string;
  /** Custom domain; without one the site is https://<id>.cloudfront.net. */
  domain?: { name: string; certificateArn: string };
}

export class Web extends Construct {
  readonly distribution: Distribution;
  /** https://<domain>, known only at deploy time without a custom domain (a token). */
  readonly publicOrigin: string;
  private readonly responseHeadersPolicy: ResponseHeadersPolicy;
  private readonly sharedPageHeaders: ResponseHeadersPolicy;
  private readonly siteOrigin: IOrigin;
  private readonly spaRouting: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const bucket = new Bucket(this, 'Bucket', {
      // The site is rebuilt from source on every deploy; nothing in it needs keeping.
      ...privateBucketDefaults(RemovalPolicy.DESTROY),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'web/',
    });

    this.responseHeadersPolicy = this.securityHeaders('SecurityHeaders');
    this.spaRouting = this.viewerFunction('SpaRouting', SPA_ROUTING);
    this.sharedPageHeaders = this.securityHeaders('SharedPageHeaders', NOINDEX_HEADERS);
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(bucket, {
      originId: WEB_ORIGIN_ID,
      originAccessControl: new S3OriginAccessControl(this, 'SiteAccess', { originAccessControlName: this.accountWideName('SiteAccess', 64) }),
    });
    this.siteOrigin = siteOrigin;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} site and API`,
      defaultBehavior: this.siteBehavior(siteOrigin, this.responseHeadersPolicy),
      additionalBehaviors: {
        // Shared transcripts' pages (issue 15): the app as everywhere, plus X-Robots-Tag: noindex.
        [`${SHARED_PAGE_PREFIX}*`]: this.siteBehavior(siteOrigin, this.sharedPageHeaders),
      },
      // Default: North America and Europe edges only, the cheapest price class (setting priceClass).
      priceClass: PRICE_CLASSES[props.priceClass],
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.publicOrigin = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;

    this.deploySite(bucket, props.siteDir ?? WEB_DIST);
    this.acknowledgeFindings(Boolean(props.domain));
    this.acknowledgeDeploymentProvider(bucket);
  }

  /** The app's pages and files from the web bucket, page URLs routed to /index.html. */
  private siteBehavior(origin: IOrigin, responseHeadersPolicy: ResponseHeadersPolicy): BehaviorOptions {
    return {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: this.spaRouting }],
    };
  }

  /**
   * Forwards every API path pattern of docs/architecture.md#http-contract to the HTTP API, uncached, cookies included,
   * with `originSecret` in ORIGIN_VERIFY_HEADER (it replaces any the viewer sent).
   */
  forwardApi(httpApi: HttpApi, originSecret: string): void {
    const stack = Stack.of(this);
    const apiOrigin = new HttpOrigin(`${httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      originId: API_ORIGIN_ID,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecret },
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    const pages = pagePatterns();
    const pageOrApi = pages.length > 0 ? this.viewerFunction('PageOrApi', PAGE_OR_API) : undefined;
    const apiRequest = this.viewerFunction('ApiRequest', API_REQUEST);
    for (const pattern of API_PATH_PATTERNS) {
      this.distribution.addBehavior(pattern, apiOrigin, {
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // Cookies, query strings and headers, but not Host: API Gateway routes by its own host name.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: pageOrApi && pages.includes(pattern) ? pageOrApi : apiRequest }],
      });
    }
  }

  /**
   * A recording, its owner's or a shared link's (issue 25, point 2; issue 31 point 8): `/_shared/<sealed>`
   * (functions/storage/shared-media.ts), opened by a viewer-request function with the key derived from
   * `sealingSecret`; a good address for GET or HEAD becomes a read of that one recording from `uploads`, signed by
   * origin access control, with the sealed type; the rest is a 403 at the edge. The bucket comes from the sealed
   * address (`updateRequestOrigin`): an origin naming the uploads bucket would make the distribution depend on it,
   * and the bucket's CORS rule depends on the distribution. Cached by the recording's key and type, which the
   * function writes into the request before the cache is looked up: every play of a recording after the first
   * comes from the edge, while the function still runs on each request, so an expired, forged or turned-off
   * address is refused as before; a deleted recording is reachable by no new address. One recording is rewritten in
   * place: a browser recording's copy that states its length (needsPlayableCopy), in its job's first step; a play
   * during that step may be served the first version from the edge until it expires (a day).
   */
  serveSharedMedia(uploads: IBucket, sealingSecret: string): void {
    const stack = Stack.of(this);
    const open = this.viewerFunction('SharedMedia', sharedMediaFunctionCode(sealingSecret, `.s3.${stack.region}.${stack.urlSuffix}`));
    this.distribution.addBehavior(`${SHARED_MEDIA_SEGMENT}*`, this.siteOrigin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // The key is also all that reaches the bucket: the type the function sets (the viewer's query is replaced), no
      // cookies or headers; Range is CloudFront's to serve from what it has.
      cachePolicy: new CachePolicy(this, 'RecordingCache', {
        cachePolicyName: this.accountWideName('RecordingCache', 128),
        comment: "A recording by its key and type (the edge function's rewrite), whoever's valid address asked",
        defaultTtl: Duration.days(1),
        minTtl: Duration.seconds(0),
        maxTtl: Duration.days(7),
        queryStringBehavior: CacheQueryStringBehavior.allowList('response-content-type'),
        headerBehavior: CacheHeaderBehavior.none(),
        cookieBehavior: CacheCookieBehavior.none(),
      }),
      responseHeadersPolicy: this.sharedPageHeaders,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: open }],
    });
    // This distribution reads recordings, nothing else: not transcripts, indexes or engine files, and never writes.
    uploads.addToResourcePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        resources: [uploads.arnForObjects(USER_RECORDINGS)],
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );
  }

  /**
   * A name for a CloudFront resource, which lives account-wide (not per region): the stack's unique name
   * plus the region, so the same stack deploys to two regions of one account without a clash.
   */
  private accountWideName(id: string, maxLength: number): string {
    const region = Stack.of(this).region;
    // A region name is at most 14 characters (ap-southeast-4), plus the hyphen.
    return `${Names.uniqueResourceName(this, { maxLength: maxLength - 15 - id.length })}${id}-${region}`;
  }

  private viewerFunction(id: string, code: string): CloudFrontFunction {
    return new CloudFrontFunction(this, id, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0 });
  }

  /**
   * Security headers on every answer. The CSP fits a React app that talks only to its own origin, plus
   * the regional S3 endpoint for presigned uploads, and Transcribe streaming's (the bucket name can't be used:
   * the bucket's CORS rule already depends on this distribution, which would make a cycle).
   * Inline styles are allowed because the toast library injects its stylesheet at run time.
   */
  private securityHeaders(id: string, extraHeaders: Record<string, string> = {}): ResponseHeadersPolicy {
    const stack = Stack.of(this);
    const s3 = `https://*.s3.${stack.region}.${stack.urlSuffix}`;
    // Issue 29: live captions stream straight from the browser to Transcribe streaming (a presigned address).
    const transcribeStreaming = `wss://transcribestreaming.${stack.region}.${stack.urlSuffix}:8443`;
    const csp = [
      "default-src 'self'",
      // The live transcript (issue 29) compiles WebAssembly in a Web Worker of this origin.
      "script-src 'self' 'wasm-unsafe-eval'",
      "worker-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      // Recordings play through this distribution (sealed addresses under /_shared/, issue 31), never from S3.
      "media-src 'self' blob:",
      `connect-src 'self' ${s3} ${transcribeStreaming}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ].join('; ');
    return new ResponseHeadersPolicy(this, id, {
      responseHeadersPolicyName: this.accountWideName(id, 128),
      comment: Object.keys(extraHeaders).length > 0 ? 'Security headers for the transcription app, not indexed' : 'Security headers for the transcription app',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          // The microphone for this site only: the Transcribe tab records in the browser.
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
          ...Object.entries(extraHeaders).map(([header, value]) => ({ header, value, override: true })),
        ],
      },
    });
  }

  /**
   * Uploads web/dist. Hashed bundles and the live engine's versioned folder (runtime, models) first, cached
   * for a year and never pruned (a browser still holding the previous index.html can load them); then the
   * other files, revalidated on every load.
   * Without a build (`npm run build:web`; `npm run deploy` runs it) a placeholder page is deployed so
   * that synth works on a fresh clone.
   */
  private deploySite(bucket: Bucket, siteDir: string): void {
    const common = { destinationBucket: bucket, distribution: this.distribution, distributionPaths: ['/*'] };
    if (!existsSync(path.join(siteDir, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'transcribe-app:webDistMissing',
        'web/dist is missing: a placeholder page is deployed. Run `npm run build:web` (or `npm run deploy`) first.',
      );
      new BucketDeployment(this, 'Placeholder', {
        ...common,
        sources: [Source.data('index.html', PLACEHOLDER_PAGE)],
        cacheControl: [CacheControl.noCache()],
      });
      return;
    }
    // Source maps stay on the build machine: the public site serves no map of our code.
    const site = Source.asset(siteDir, { exclude: ['**/*.map'] });
    const immutable = ['assets/*', `${LIVE_ASSETS_ROOT}/*`];
    const yearLong = (id: string, include: string[], contentType?: string): BucketDeployment =>
      new BucketDeployment(this, id, {
        destinationBucket: bucket,
        sources: [site],
        exclude: ['*'],
        include,
        prune: false,
        cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
        ...(contentType ? { contentType } : {}),
      });
    const assets = [
      yearLong('Assets', ['assets/*', `${LIVE_ASSETS_ROOT}/*.onnx`]),
      // The live engine's runtime: a browser refuses a module script or streamed WebAssembly of another type, and
      // the upload's guess by extension may not know .mjs, so their types are set.
      yearLong('LiveModules', [`${LIVE_ASSETS_ROOT}/*.mjs`], 'text/javascript'),
      yearLong('LiveWasm', [`${LIVE_ASSETS_ROOT}/*.wasm`], 'application/wasm'),
    ];
    const pages = new BucketDeployment(this, 'Pages', {
      ...common,
      sources: [site],
      exclude: immutable,
      cacheControl: [CacheControl.noCache()],
    });
    for (const deployment of assets) pages.node.addDependency(deployment);
  }

  private acknowledgeDeploymentProvider(bucket: Bucket): void {
    const stack = Stack.of(this);
    const provider = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!provider) return;
    const webBucketId = stack.resolve((bucket.node.defaultChild as CfnBucket).logicalId) as string;
    Validations.of(provider).acknowledge(...deploymentProviderFindings(stack, webBucketId));
  }

  private acknowledgeFindings(customDomain: boolean): void {
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The app serves users in every country; there is no region to block.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'AWS WAF bills a monthly fee per web ACL and rule even when idle, against the design rule of no cost at rest; API Gateway throttling bounds abuse instead.',
      },
      ...(customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be chosen; with a domain it is TLSv1.2_2021.',
            },
          ]),
    );
  }
}

/**
 * BucketDeployment runs a Lambda of aws-cdk-lib's own, at deploy time only, shared by the stack: it copies
 * the site from the CDK asset bucket into the web bucket and invalidates the CloudFront cache. Its role and
 * runtime are the library's; these are the findings on them, each listed so that a library upgrade that
 * widens them fails the infra test instead of passing silently.
 */
function deploymentProviderFindings(stack: Stack, webBucketId: string): { id: string; reason: string }[] {
  const qualifier =
    (stack.synthesizer instanceof DefaultStackSynthesizer && stack.synthesizer.bootstrapQualifier) || DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const copy = 'BucketDeployment (deploy time only) reads the CDK asset bucket and writes, lists and prunes the web bucket';
  return [
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'aws-cdk-lib attaches the basic execution role (its own logs) to its BucketDeployment Lambda.',
    },
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: `${copy}; aws-cdk-lib grants these action groups.`,
    })),
    {
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*]`,
      reason: `${copy}; the site archive's key in the asset bucket is generated.`,
    },
    { id: `AwsSolutions-IAM5[Resource::<${webBucketId}.Arn>/*]`, reason: `${copy}; it syncs every object of the web bucket.` },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'cloudfront:CreateInvalidation and GetInvalidation, which aws-cdk-lib grants on "*" for the cache flush after an upload.',
    },
    { id: 'AwsSolutions-L1', reason: 'aws-cdk-lib pins the runtime of its BucketDeployment Lambda (deploy time only).' },
  ];
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not built yet</title></head>
<body><h1>The web app was not built before deploying</h1>
<p>Run <code>npm run deploy</code>, which builds web/dist and deploys it.</p></body></html>
`;
