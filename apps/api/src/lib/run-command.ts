/**
 * Runs an `npm run …` command's main and exits with its code; a failure is printed as its message
 * (the Spanish ones of ConfigError and the command's own errors) and exits 1.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
