// Khronos glTF-Validator on binary glTF files (the VRM animations the
// converters write): prints each file's errors, warnings and infos, and
// exits 1 when any file has an error or a warning.
// Usage: node validate_gltf.mjs FILE.vrma...
import { readFileSync } from 'node:fs';
import validator from 'gltf-validator';

let bad = 0;
for (const path of process.argv.slice(2)) {
  const report = await validator.validateBytes(new Uint8Array(readFileSync(path)));
  const { numErrors, numWarnings, numInfos } = report.issues;
  console.log(`${path}: ${numErrors} errors, ${numWarnings} warnings, ${numInfos} infos`);
  for (const m of report.issues.messages) console.log(`  ${m.severity === 0 ? 'error' : m.severity === 1 ? 'warning' : 'info'} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
  if (numErrors || numWarnings) bad = 1;
}
process.exit(bad);
