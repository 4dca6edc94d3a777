// babylon-mmd's ESM build imports its own files and @babylonjs/core's
// without the ".js" that Node's resolver needs: `node --import
// ./extensionless.mjs SCRIPT` retries such an import that is not found with
// ".js" appended.
import { register } from 'node:module';

register('data:text/javascript,' + encodeURIComponent(`
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if ((specifier.startsWith('.') || specifier.startsWith('@babylonjs/')) && !specifier.endsWith('.js')) return next(specifier + '.js', context);
    throw error;
  }
}`));
