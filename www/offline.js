// Registers the service worker that makes the game load and play offline.
// A relative URL keeps it inside the sub-path the site is hosted under.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' }).catch(() => {
      // No offline support (e.g. a private window): the game still plays online.
    });
  });
}
