// A real headless Chromium driven over the DevTools protocol through --remote-debugging-pipe:
// no npm dependency, no port to pick or leak. Chromium reads commands from fd 3 and writes
// replies and events to fd 4, each message a JSON text ended by a NUL byte.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { rig, type Rig } from './rig.ts'

/** Where a Chromium may be: CHROMIUM_PATH first, then Debian's package and the usual names. */
export const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
].filter((p): p is string => Boolean(p))

export const findChromium = (): string | undefined => CHROMIUM_CANDIDATES.find((p) => existsSync(p))

// Everything that could reach the network or write outside the profile is off, so a page that
// tried to fetch something would show it as a failed request instead of being served.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--hide-scrollbars',
  '--remote-debugging-pipe',
]

type Message = { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string }; sessionId?: string }
export type CdpEvent = { method: string; params: Record<string, unknown>; sessionId?: string }

export class Chromium {
  readonly #child: ChildProcess
  readonly #profile: Rig
  readonly #toBrowser: Writable
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>()
  readonly #listeners = new Set<(e: CdpEvent) => void>()
  #nextId = 1
  #exited = false
  /** Chromium's own stderr, for the failure message when something goes wrong. */
  stderr = ''

  private constructor(executable: string, windowSize: [number, number]) {
    this.#profile = rig({}, 'lbh-chromium-')
    this.#child = spawn(executable, [...FLAGS, `--user-data-dir=${this.#profile.dir}`, `--window-size=${windowSize.join(',')}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    })
    this.#child.stderr!.on('data', (d) => (this.stderr = (this.stderr + d).slice(-8000)))
    this.#toBrowser = this.#child.stdio[3] as Writable
    const fromBrowser = this.#child.stdio[4] as Readable
    let buffered = Buffer.alloc(0)
    fromBrowser.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      for (let end = buffered.indexOf(0); end >= 0; end = buffered.indexOf(0)) {
        this.#dispatch(JSON.parse(buffered.subarray(0, end).toString('utf8')) as Message)
        buffered = buffered.subarray(end + 1)
      }
    })
    this.#child.on('exit', (code, signal) => {
      this.#exited = true
      for (const { reject, method } of this.#pending.values()) reject(new Error(`chromium exited (${code ?? signal}) before answering ${method}\n${this.stderr}`))
      this.#pending.clear()
    })
  }

  static async launch(executable: string, windowSize: [number, number] = [1400, 1000]): Promise<Chromium> {
    const browser = new Chromium(executable, windowSize)
    try {
      await browser.send('Browser.getVersion', {}, undefined, 30_000)
    } catch (error) {
      await browser.close()
      throw error
    }
    return browser
  }

  #dispatch(message: Message): void {
    if (message.id !== undefined) {
      const waiter = this.#pending.get(message.id)
      this.#pending.delete(message.id)
      if (message.error) waiter?.reject(new Error(`${waiter.method}: ${message.error.message}`))
      else waiter?.resolve(message.result)
    } else if (message.method) {
      for (const listen of this.#listeners) listen({ method: message.method, params: message.params ?? {}, sessionId: message.sessionId })
    }
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string, timeoutMs = 30_000): Promise<T> {
    if (this.#exited) return Promise.reject(new Error(`chromium has exited; cannot send ${method}\n${this.stderr}`))
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`))
      }, timeoutMs)
      this.#pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v as T)),
        reject: (e) => (clearTimeout(timer), reject(e)),
        method,
      })
      this.#toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`)
    })
  }

  on(listener: (e: CdpEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Resolves with the first event of that method (in that session) for which `match` holds. */
  waitFor(method: string, sessionId: string, timeoutMs = 30_000, match: (e: CdpEvent) => boolean = () => true): Promise<CdpEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => (off(), reject(new Error(`no ${method} within ${timeoutMs} ms`))), timeoutMs)
      const off = this.on((e) => {
        if (e.method === method && e.sessionId === sessionId && match(e)) {
          clearTimeout(timer)
          off()
          resolve(e)
        }
      })
    })
  }

  /** A new tab with a flat session attached. */
  async newPage(): Promise<string> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
    return sessionId
  }

  /** Asks Chromium to quit, kills it (its own pid only) if it has not within 5 s, removes the profile. */
  async close(): Promise<void> {
    if (!this.#exited) {
      const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()))
      this.send('Browser.close', {}, undefined, 5000).catch(() => {})
      const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    this.#profile.dispose()
  }
}

export interface PageVisit {
  /** console.error/assert calls, uncaught exceptions and browser log errors (CSP violations among them). */
  consoleErrors: string[]
  /** Requests that failed (Network.loadingFailed), with the reason. */
  failedRequests: string[]
  /** Every URL the page requested, the page itself included. */
  requests: string[]
  /** Every a[href] and img[src] as the browser resolved it, with the raw attribute. */
  links: { tag: string; raw: string; resolved: string }[]
  /** Element ids on the page (to check in-page anchors). */
  ids: string[]
  /** The page's full-height PNG. */
  screenshot: Buffer
  /** Whatever `probe` (an expression evaluated in the page) returned. */
  probe: unknown
}

/**
 * Loads `url` in a fresh tab, records console errors and requests while it loads, then reads its
 * links and takes a full-page screenshot `width` pixels wide.
 */
export async function visit(browser: Chromium, url: string, options: { width?: number; probe?: string } = {}): Promise<PageVisit> {
  const session = await browser.newPage()
  const consoleErrors: string[] = []
  const failedRequests: string[] = []
  const requests: string[] = []
  const off = browser.on((e) => {
    if (e.sessionId !== session) return
    const p = e.params as Record<string, any>
    if (e.method === 'Runtime.consoleAPICalled' && (p.type === 'error' || p.type === 'assert')) {
      consoleErrors.push(`console.${p.type}: ${(p.args as { value?: unknown; description?: string }[]).map((a) => a.value ?? a.description).join(' ')}`)
    }
    if (e.method === 'Runtime.exceptionThrown') consoleErrors.push(`exception: ${p.exceptionDetails?.exception?.description ?? p.exceptionDetails?.text}`)
    if (e.method === 'Log.entryAdded' && p.entry?.level === 'error') consoleErrors.push(`log (${p.entry.source}): ${p.entry.text}${p.entry.url ? ` [${p.entry.url}]` : ''}`)
    if (e.method === 'Network.requestWillBeSent') requests.push(p.request.url)
    if (e.method === 'Network.loadingFailed') failedRequests.push(`${p.type ?? 'request'} failed: ${p.errorText}${p.blockedReason ? ` (${p.blockedReason})` : ''}`)
  })
  try {
    for (const domain of ['Runtime', 'Log', 'Network', 'Page']) await browser.send(`${domain}.enable`, {}, session)
    const width = options.width ?? 1400
    await browser.send('Emulation.setDeviceMetricsOverride', { width, height: 1000, deviceScaleFactor: 1, mobile: false }, session)
    const loaded = browser.waitFor('Page.loadEventFired', session)
    const nav = await browser.send<{ errorText?: string }>('Page.navigate', { url }, session)
    if (nav.errorText) throw new Error(`navigation to ${url} failed: ${nav.errorText}`)
    await loaded
    const evaluate = async (expression: string): Promise<unknown> => {
      const r = await browser.send<{ result: { value?: unknown }; exceptionDetails?: { text: string } }>('Runtime.evaluate', { expression, returnByValue: true }, session)
      if (r.exceptionDetails) throw new Error(`evaluating in the page: ${r.exceptionDetails.text}`)
      return r.result.value
    }
    const links = (await evaluate(`[
      ...[...document.querySelectorAll('a[href]')].map((a) => ({ tag: 'a', raw: a.getAttribute('href'), resolved: a.href })),
      ...[...document.querySelectorAll('img[src]')].map((i) => ({ tag: 'img', raw: i.getAttribute('src'), resolved: i.src })),
    ]`)) as PageVisit['links']
    const ids = (await evaluate(`[...document.querySelectorAll('[id]')].map((e) => e.id)`)) as string[]
    const probe = options.probe ? await evaluate(options.probe) : undefined
    const { cssContentSize } = await browser.send<{ cssContentSize: { width: number; height: number } }>('Page.getLayoutMetrics', {}, session)
    const height = Math.min(Math.ceil(cssContentSize.height), 16_000)
    await browser.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, session)
    const shot = await browser.send<{ data: string }>('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width, height, scale: 1 } }, session, 60_000)
    // Anything the page did while being measured and shot counts too.
    return { consoleErrors, failedRequests, requests, links, ids, screenshot: Buffer.from(shot.data, 'base64'), probe }
  } finally {
    off()
  }
}
