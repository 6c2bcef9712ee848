/**
 * Where a feed URL can be opened (spec §2 calendar panel): Google's "add by URL" link, the
 * webcal:// URL Apple Calendar subscribes to, and the one-off .ics download.
 */
export function subscriptionLinks(feedUrl: string) {
  const url = new URL(feedUrl);
  const webcal = `webcal://${url.host}${url.pathname}${url.search}`;
  const download = new URL(url);
  download.searchParams.set("download", "1");
  return {
    feed: url.href,
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    download: download.href,
  };
}
