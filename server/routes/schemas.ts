import { Type } from '@fastify/type-provider-typebox';

/** Every error the API sends: one human sentence the browser can show as it is. */
export const ErrorDetail = Type.Object({ detail: Type.String() });

export const SuccessMessage = Type.Object({ success: Type.Boolean(), message: Type.String() });
