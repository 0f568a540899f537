import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext, useServerAndBrowser } from './harness.mjs';

const suite = useServerAndBrowser();

test('the landing page renders in French', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.getByRole('heading', { level: 1, name: 'Bougez en plein air, au bord du lac' }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  assert.match(await page.title(), /Centre plein air de La Pêche/);
  await context.close();
});

test('an unknown path shows 404 Page Not Found with the shared catalogue message', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  const response = await page.goto(`${suite.server.url}/nowhere`);
  assert.equal(response.status(), 200, 'client routes fall back to the app shell');
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  // This sentence comes from centre-core through core-wasm: proof the wasm runs in the browser.
  await page.getByTestId('not-found-detail').getByText('Ressource introuvable.').waitFor();
  await context.close();
});

test('unknown API paths answer JSON 404, never the app shell', async () => {
  const response = await fetch(`${suite.server.url}/api/nowhere`);
  assert.equal(response.status, 404);
  const body = await response.json();
  assert.equal(body.code, 'not_found');
});

test('after a first visit the app reloads with the network offline', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // `ready` can resolve while the worker is still activating: reload once so it controls the page.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Bougez en plein air, au bord du lac' }).waitFor();
  await context.setOffline(false);
  await context.close();
});
