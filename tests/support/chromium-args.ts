/**
 * Debian's Chromium for the benches and the journeys, with the browser's own address-bar popup off. In this
 * headless Chromium every new tab loads that popup, a WebUI of about 290 modules, in a renderer of its own: in
 * traces of the offline cold start it kept one of this 2-core host's cores busy for the whole launch timed
 * (1.7 s of 1.9 s), a load no page brings on a phone. Its features are added to the ones the launcher turns off:
 * a second `--disable-features` would replace the launcher's list (Chromium keeps the last value of a switch),
 * so Playwright's list is read from a browser launched as Playwright launches it.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { CHROMIUM_ARGS, systemChromium } from '../../playwright.config';

/** The features behind the address bar's popup WebUI and its preloading, by the names Chromium 156 knows them. */
const TOP_CHROME_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

const DISABLE = '--disable-features=';

let disabledByPlaywright: string[] | undefined;

/**
 * The features Playwright's own launch turns off, read from the command line of a browser it launched (found in
 * /proc by a marker switch Chromium ignores; Chromium answers no command line over CDP to Playwright's launch).
 */
async function playwrightDisabledFeatures(): Promise<string[]> {
  if (disabledByPlaywright) return disabledByPlaywright;
  const marker = `--djcircle-probe=${randomUUID()}`;
  const probe = await chromium.launch({ executablePath: systemChromium(), args: [...CHROMIUM_ARGS, marker] });
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let args: string[];
      try {
        args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      } catch {
        continue; // a process that ended meanwhile
      }
      if (!args.includes(marker) || args.some((arg) => arg.startsWith('--type='))) continue;
      disabledByPlaywright =
        args
          .filter((arg) => arg.startsWith(DISABLE))
          .at(-1)
          ?.slice(DISABLE.length)
          .split(',')
          .filter(Boolean) ?? [];
      return disabledByPlaywright;
    }
    throw new Error("the probe browser's process was not found: cannot read the features Playwright turns off");
  } finally {
    await probe.close();
  }
}

/**
 * `flags` with the popup's features added to the last `--disable-features` among them (the one Chromium keeps),
 * as the only one. For launchers whose own flags can be read, as chrome-launcher's can.
 */
export function withoutAddressBarPopup(flags: string[]): string[] {
  const last = flags.findLast((flag) => flag.startsWith(DISABLE));
  const disabled = last?.slice(DISABLE.length).split(',').filter(Boolean) ?? [];
  const features = [...new Set([...disabled, ...TOP_CHROME_WEBUI_FEATURES])];
  return [...flags.filter((flag) => !flag.startsWith(DISABLE)), `${DISABLE}${features.join(',')}`];
}

/** The flags for the project's Chromium: CHROMIUM_ARGS, and Playwright's disabled features with the popup's added. */
export async function chromiumArgs(): Promise<string[]> {
  let disabled: string[];
  try {
    disabled = await playwrightDisabledFeatures();
  } catch (error) {
    // Not worth failing a run over: the browser works as before, with the popup's load on the host.
    console.warn(`Chromium keeps its address-bar popup (${(error as Error).message})`);
    return CHROMIUM_ARGS;
  }
  return withoutAddressBarPopup([...CHROMIUM_ARGS, DISABLE + disabled.join(',')]);
}

/** Chromium launched with `chromiumArgs()`, as a bench launches it. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ ...options, executablePath: systemChromium(), args: [...(await chromiumArgs()), ...(options.args ?? [])] });
}
