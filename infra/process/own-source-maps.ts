import { getSourceMapsSupport, setSourceMapsSupport } from 'node:module';

/**
 * Imported first by each process entry. Under `--enable-source-maps` Node also reads and parses the source map of every
 * dependency that ships one (the Temporal SDK, MikroORM, webpack...) as it loads: about 13 % more CPU time and 30 MB
 * more memory to load the API's modules here (bench/README.md, "Start-up and memory at rest"), for stack frames
 * inside libraries. From here on only our own modules' maps are read, so a stack trace still
 * names `api/...ts` lines. Without the flag (or under tsx, which enables maps for what it compiles) nothing changes
 * but the same narrowing.
 */
if (getSourceMapsSupport().enabled) setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
