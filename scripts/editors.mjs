/**
 * `npm run editors`: the editors' accounts, in the server's own database (`EDITORS_DB_PATH`,
 * default data/editors.sqlite; src/editors/store.ts). Run it where the server runs, as its user.
 *
 *   npm run editors -- add ann@example.com --name "Ann Martin"   asks for the password twice
 *   npm run editors -- add bo@example.com --name "Bo Li" --role team
 *   npm run editors -- role ann@example.com admin                 and ends the account's sessions
 *   npm run editors -- remove ann@example.com                     and ends the account's sessions
 *   npm run editors -- list
 *
 * Roles (src/editors/store.ts): `editor` (the default) edits and publishes the content and sees no
 * submission; `team` reads and handles the submissions in the team inbox (/team) and does not
 * publish; `admin` does both. `add` on an existing account sets a new name and password (and its
 * role, when --role is given) and ends its sessions. Without a terminal (a script), the password
 * is read from EDITOR_PASSWORD.
 */
import { createInterface } from 'node:readline/promises';
import { MIN_PASSWORD_LENGTH, hashPassword } from '../src/editors/passwords.ts';
import { ROLES, isRole, openEditors } from '../src/editors/store.ts';

const [command, email, ...rest] = process.argv.slice(2);
const nameAt = rest.indexOf('--name');
const roleAt = rest.indexOf('--role');
const role = roleAt === -1 ? undefined : rest[roleAt + 1];
const roles = ROLES.join('|');
const usage = `usage: npm run editors -- add <email> --name "<name>" [--role ${roles}] | role <email> ${roles} | remove <email> | list`;

async function askPassword() {
  if (process.env.EDITOR_PASSWORD) return process.env.EDITOR_PASSWORD;
  if (!process.stdin.isTTY)
    throw new Error('No terminal to ask the password in: set EDITOR_PASSWORD.');
  const ask = async (question) => {
    const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Typed characters are not shown.
    lines._writeToOutput = (text) => {
      if (text.startsWith(question)) process.stdout.write(question);
    };
    const answer = await lines.question(question);
    lines.close();
    process.stdout.write('\n');
    return answer;
  };
  const first = await ask('Password: ');
  if ((await ask('Same password again: ')) !== first) throw new Error('The two passwords differ.');
  return first;
}

const store = openEditors();
try {
  if (command === 'list') {
    for (const account of store.accounts())
      console.log(`${account.email}\t${account.name}\t${account.role}`);
  } else if (
    command === 'add' &&
    email?.includes('@') &&
    nameAt !== -1 &&
    rest[nameAt + 1] &&
    (role === undefined || isRole(role))
  ) {
    const password = await askPassword();
    if (password.length < MIN_PASSWORD_LENGTH)
      throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
    store.saveAccount(email, rest[nameAt + 1], await hashPassword(password), role);
    console.log(`${email} can sign in at /editors/sign-in.`);
  } else if (command === 'role' && email && isRole(rest[0])) {
    console.log(
      store.setRole(email, rest[0])
        ? `${email} is now ${rest[0]}; its sessions are ended.`
        : `No account ${email}.`,
    );
  } else if (command === 'remove' && email) {
    console.log(
      store.removeAccount(email)
        ? `${email} is removed; its sessions are ended.`
        : `No account ${email}.`,
    );
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  store.close();
}
