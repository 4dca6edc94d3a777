// Khronos glTF-Validator on each file given (glTF or GLB, .vrma included):
// prints "FILE: N errors, N warnings" and every error, and exits 1 when any
// file has an error. Unknown extensions (VRMC_vrm_animation, ...) are only
// reported as info by the validator.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

let failed = false;
for (const file of process.argv.slice(2)) {
  const report = await validator.validateBytes(new Uint8Array(await readFile(file)), {
    uri: path.basename(file),
    maxIssues: 100,
    externalResourceFunction: (uri) => readFile(path.resolve(path.dirname(file), decodeURIComponent(uri))),
  });
  const { numErrors, numWarnings, messages } = report.issues;
  console.log(`${file}: ${numErrors} errors, ${numWarnings} warnings`);
  for (const m of messages) if (m.severity === 0) console.log(`  ${m.code} ${m.pointer ?? ''} ${m.message}`);
  if (numErrors > 0) failed = true;
}
process.exit(failed ? 1 : 0);
