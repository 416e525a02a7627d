// Registers the service worker that makes the game load and play offline, and
// brings new deploys in. A new build installs beside the one this page runs;
// the page then offers it ("A new version is ready"), and on Update the new
// build takes over and the page reloads into it. The game in progress is
// saved after every step, so the reload resumes it where it was.
// A relative URL keeps the worker inside the sub-path the site is hosted under.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  const sw = navigator.serviceWorker;
  // Which worker served this page: none on a first visit (the page came from
  // the network), and a worker taking charge then is no new version.
  let served = Boolean(sw.controller);
  let accepted = false;

  const $ = (id) => document.getElementById(id);

  /** Shows the banner; `next` is the installed new worker, or null if it already took over. */
  const offer = (next) => {
    const banner = $('update');
    if (!banner || !served) return;
    $('update-go').onclick = () => {
      accepted = true;
      $('update-go').disabled = true;
      if (next && next.state === 'installed') {
        next.postMessage({ type: 'take-over' });
        // Should the new build not take charge (another deploy replaced it), reload anyway.
        setTimeout(() => location.reload(), 5000);
      } else {
        location.reload();
      }
    };
    $('update-later').onclick = () => {
      banner.hidden = true;
      place();
    };
    banner.hidden = false;
    place();
  };

  /** Puts the banner just under the top bar (and a save problem's message), and keeps the screens' cards clear of it. */
  const place = () => {
    const banner = $('update');
    const root = document.documentElement;
    if (!banner || banner.hidden) {
      root.classList.remove('update-ready');
      return;
    }
    const above = [$('topbar'), $('banner')].filter((el) => el && !el.hidden).map((el) => el.getBoundingClientRect().bottom);
    banner.style.top = `${Math.round(Math.max(0, ...above) + 8)}px`;
    root.style.setProperty('--update-clear', `${Math.round(banner.getBoundingClientRect().bottom + 8)}px`);
    root.classList.add('update-ready');
  };
  addEventListener('resize', place);
  addEventListener('DOMContentLoaded', () => {
    // The top bar grows a row on a narrow screen; a save problem shows its own message.
    const bar = $('topbar');
    if (bar && 'ResizeObserver' in window) new ResizeObserver(place).observe(bar);
    const note = $('banner');
    if (note) new MutationObserver(place).observe(note, { attributes: true, childList: true, subtree: true });
  });

  const watch = (worker) => {
    if (!worker) return;
    if (worker.state === 'installed') offer(worker);
    else worker.addEventListener('statechange', () => worker.state === 'installed' && offer(worker));
  };

  // The page's language, kept for offline play: fetched once more through
  // the worker, which keeps it (the first visit's fetch came before it).
  const keepWords = () => {
    const tag = document.documentElement.lang;
    if (tag && tag !== 'en') fetch(`words/${tag}.txt`).catch(() => {});
  };

  sw.addEventListener('controllerchange', () => {
    if (!served) keepWords();
    if (accepted) location.reload();
    // Another page took the new build; this one still runs the old build (its
    // files stay cached until it closes), and a reload brings the new one.
    else offer(null);
    served = true;
  });

  addEventListener('load', () => {
    sw.register('./sw.js', { updateViaCache: 'none' }).then(
      (reg) => {
        watch(reg.waiting || reg.installing);
        reg.addEventListener('updatefound', () => watch(reg.installing));
        // The page replaced by this one may have been the last of an old build.
        sw.controller?.postMessage({ type: 'loaded' });
        // Looks for a new deploy now (the browser's own check after a page
        // load comes late, and not at all if the page is reloaded quickly),
        // when the page comes back into view, and hourly.
        const check = () => reg.update().catch(() => {});
        if (served) check();
        document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
        setInterval(check, 60 * 60 * 1000);
      },
      () => {
        // No offline support (e.g. a private window): the game still plays online.
      },
    );
  });
}
