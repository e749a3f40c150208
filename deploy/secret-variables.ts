/** Values that must only ever come from a secret store (the Kubernetes Secret, the .env of compose.yaml). */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'METRICS_TOKEN',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'VAPID_PRIVATE_KEY',
  'FCM_ACCESS_TOKEN',
  'RELEASE_SIGNING_KEY',
];
