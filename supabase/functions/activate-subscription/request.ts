import { z } from 'zod';

export const activationRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create-order'), tierId: z.string().min(1).max(40) }),
  z.object({
    action: z.literal('activate'),
    source: z.string().min(1).max(40),
    tierId: z.string().min(1).max(40),
    orderId: z
      .string()
      .regex(/^[A-Za-z0-9-]{3,64}$/)
      .optional(),
  }),
]);

export type ActivationRequest = z.infer<typeof activationRequestSchema>;
