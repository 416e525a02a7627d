import { closeSite, openSite, ready } from './browser.mjs';
const { browser, server } = await openSite({ shots: true });
const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
const page = await context.newPage();
for (const seed of [9, 9, 9, 3, 3, 5]) {
await page.goto(server.url + `?bench=600&seed=${seed}`, { waitUntil: 'load' });
await page.waitForFunction(() => window.__carcassonne && window.__carcassonne.state().bench, null, { timeout: 120000 });
console.log(seed, (await page.evaluate(() => window.__carcassonne.state().bench)).split('; picture')[0]);
}
await closeSite(browser, server);
