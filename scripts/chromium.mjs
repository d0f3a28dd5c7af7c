// How every tool here launches Chromium: Debian's by default, CHROME_PATH for any other Chrome or
// Chromium, and the flags these machines need (architecture.md: without the background-networking
// flags Chromium keeps dialling out on a closed network).
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
