import { z } from 'zod';
import { installZodErrorMap } from './zod-error-map.ts';

// Every contracts schema imports zod from here, so the specification's validation texts are in force
// wherever a schema is used, whichever module is imported first.
installZodErrorMap();

export { z };
