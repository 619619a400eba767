import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../api-root';
import { invalidField } from './app-error';

/**
 * Passwords too common to keep anyone out (issue 19): a bundled list (assets/common-passwords.txt,
 * about 13,000 entries: the well-known top lists and common Spanish words with the suffixes people
 * add), never a network call. Compared without case: 'Password1' is as guessable as 'password1'.
 */
let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    fs
      .readFileSync(path.join(apiRoot, 'assets', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords;
}

const commonPasswordMessage = 'Esa contraseña es muy común; elija otra.';

/** 400 naming `field` when `password` is on the list. */
export function assertNotCommonPassword(field: string, password: string): void {
  if (loadCommonPasswords().has(password.toLowerCase())) throw invalidField(field, commonPasswordMessage);
}
