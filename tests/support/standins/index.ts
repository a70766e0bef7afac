import { AI_STANDIN_KEY, AI_STANDIN_MODEL, startAiStandIn } from './openai';
import { PAYPAL_STANDIN_CLIENT_ID, PAYPAL_STANDIN_SECRET, startPayPalStandIn } from './paypal';

/** Both stand-ins, plus the environment that points the stack's functions at them. */
export async function startStandIns() {
  const ai = await startAiStandIn();
  const paypal = await startPayPalStandIn();
  const env = {
    AI_API_URL: ai.url,
    AI_API_KEY: AI_STANDIN_KEY,
    AI_MODEL: AI_STANDIN_MODEL,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_CLIENT_ID: PAYPAL_STANDIN_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: PAYPAL_STANDIN_SECRET,
  };
  return {
    ai,
    paypal,
    env,
    stop: async () => {
      await ai.stop();
      await paypal.stop();
    },
  };
}
