/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    database: import('#lib/platform/db/client.server.ts').Database;
    /** Where the shop is served from, as shoppers see it (every request; src/lib/platform/origin.ts). */
    site: import('#lib/platform/origin.ts').SiteOrigin;
    /** Set by the middleware on every shop page (routes of the route table). */
    shell: import('#lib/shell/context.server.ts').ShellContext;
    /** The content version read for this page request (src/lib/server/content-cache.ts). */
    contentVersion: number;
    /** The signed-in user's version for this request (src/lib/identity/viewer.server.ts). */
    userVersion?: number | null;
    /** This rendering is shared by signed-in shoppers of one kind: no person in it (decision 015). */
    sharedRender?: boolean;
    /** A room the signed-in shopper 预约'd is live: the shell shows the notice (decision 028). */
    liveReminder?: boolean;
    /** The error code the link-expired page shows. */
    expiredCode?: number;
    /** What the middleware's steps learn about a request for a shop page (none for others). */
    shopPage?: import('#lib/shell/middleware/shop-page.server.ts').ShopPage;
    /** Set when the database cannot be reached: the maintenance page may show. */
    maintenance?: boolean;
  }
}

/** The build's version, written into /version.json and compared by the shell to reload stale pages. */
declare const __APP_VERSION__: string;

/** hls.js's light build ships no types of its own: it is the same class, with fewer features. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
