/** Values fixed when the shell is built (see webpack.config.mjs). */
export const config = {
  fraudSchoolId: process.env.CUOTA_FRAUD_SCHOOL_ID || null,
  sessionPollSeconds: Number(process.env.CUOTA_SESSION_POLL_SECONDS || 0),
};
