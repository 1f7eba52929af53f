/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    database: import('./lib/server/db/client.ts').Database;
  }
}

/** The build's version, written into /version.json and compared by the shell to reload stale pages. */
declare const __APP_VERSION__: string;
