/**
 * One RS256 key pair for every test process: identity started as its own process signs with its private half
 * (JWT_PRIVATE_KEY), and the tests and the services they start verify with its public half (JWT_PUBLIC_KEY), so a test
 * that only needs a token mints it here without starting identity. For tests only: it is public in this repository.
 */
const pem = (lines: string[]) => `${lines.join('\n')}\n`;

export const TEST_KEY_PAIR: { readonly publicKey: string; readonly privateKey: string } = {
  publicKey: pem([
    '-----BEGIN PUBLIC KEY-----',
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAjzTbfA/jz49zNp19NoeB',
    '9ThcRSyzpWcVM7m7sk6+BfBe/H8jwMxTTpSnUHGnia3YPTbAiWWzHb7vYMuuy9cc',
    'hToGADsyTx2pXpzBttLVmrCAMxaZvvfwgI2SdxxPDQLoVYpUeGWLJz3h8F4aTtne',
    'sYppDtewCJ4t+3ZRiu06NcLeCshYlDfjmnXMmuMBKbXl6gY42V6SosPki4Dl68cG',
    'L2M5ImN6U4hBF9ICPuxMS8fRLjit5vZK9uivntg4MLQH0rnEanMnX5slLIQMI7vq',
    'eEt5oO2VGXTEX2i+xs0Eh9nXfM+fCtieaEMqPh+g5VmzTqG0z+xm/vG2jDhRNLR7',
    'tQIDAQAB',
    '-----END PUBLIC KEY-----',
  ]),
  privateKey: pem([
    '-----BEGIN PRIVATE KEY-----',
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCPNNt8D+PPj3M2',
    'nX02h4H1OFxFLLOlZxUzubuyTr4F8F78fyPAzFNOlKdQcaeJrdg9NsCJZbMdvu9g',
    'y67L1xyFOgYAOzJPHalenMG20tWasIAzFpm+9/CAjZJ3HE8NAuhVilR4ZYsnPeHw',
    'XhpO2d6ximkO17AIni37dlGK7To1wt4KyFiUN+Oadcya4wEpteXqBjjZXpKiw+SL',
    'gOXrxwYvYzkiY3pTiEEX0gI+7ExLx9EuOK3m9kr26K+e2DgwtAfSucRqcydfmyUs',
    'hAwju+p4S3mg7ZUZdMRfaL7GzQSH2dd8z58K2J5oQyo+H6DlWbNOobTP7Gb+8baM',
    'OFE0tHu1AgMBAAECggEAPRcx6H9I0jMiVbKih0AQZwFXj2Tt8AoFB+9cTEj+FD+B',
    '7dn48RbZFQUiSRVrALdKL3brdNGPMwnQSW0qkKef8Y+anr+iCxEevw9FLg5L9DUG',
    'Q4UJKmfPz69VQ32ulWDfpxofRcsfrSpfd7BVLb0QnJFsltnZLRv5hrPnPkpMEkF/',
    'AVAuoHdv0TBJS3smPGKJmnu0uIDS4H3v7SznCyrILwWjNYra9LwdCgg6POs35gfV',
    'we/Ez5dKm5X2WyhUpWoEObO4LWCuPSweFqhGWqPlxzna6LIMDGERyVW6meSXcHV9',
    '38sWZrf+cVE2rDzTLOWc5Rzsy1GX8l3xbSITubTVUwKBgQDHp6SUqHw33p22h33G',
    'RPgEapnUdbTqTCxXkk7V4+oMscxL7E0YAb/3YHzlBHwDlgB0ayru5zq2Nx6eygne',
    'TTO/7YMAAbtDIAT0gOOa35nk4PAxd6WOzcjwJCd0kpcTNaDX66jaJxN9ksvxInMp',
    'aPXNSQRurQu4ZFGJDk+Ws5yX6wKBgQC3nwTC1sb7PaBc6iBeiANprBistRtpvWID',
    'CiMaYb0DqAhixx26UKfMGjkWYwfplAiyn1G4EGIj/6OELrI7hvdMkDUrpDTcp3nY',
    '+m0rSVKNqyzWa47v1bHJ3xjDPKDrAdO0BpZRyoRD0HumhJ6KRNoT2EfpNOiJPquE',
    'AjzoaxDy3wKBgQCPgX4YpCn09nwh8K2Ez5n9gqnjPl+1cN8GatFjiBh422tevxCC',
    'yu8yXhYnftussCrPgyAu6+EVi/TkaZBCSveBYrSgUp5JF0C4hdQTQ9kX3F6JD9je',
    'FifyA+qgLaWNVySvTmHlu+SUg+k2/24LO7hBv9QBwTwFY4X/n1uxlJRf1QKBgAGQ',
    'OwwlpAAToD/qRmhHpC/MJVGjIR6fXCxGc9IPrvpO/fNJWrlxYlxchMvp//E/L2vF',
    '634ztYI09QF1HFNhbM2cFLfQaBrQ2jq8tx09PJS0NmeE9uyX1zGu0pkm9P/LPjA0',
    'NidwH/wr1EGws2DeATVWDBayOqCghflTw4z/DF/lAoGAcVX7qqGZzyMa5QWNoeRH',
    'x1GmLmnS3cE9WU27DhNAugKv1svMdAKyRpIObfHYpkoDiTUFFCzNP08OznpHSP1N',
    'rjrAwhA8UIDDfJHLMG4zaNkDdgaosY0kCdO1u9jUnkFWnaeSmt94lgiKaeIPkzW1',
    'jLnIBSu6ooIgG+ZDyokrk8I=',
    '-----END PRIVATE KEY-----',
  ]),
};
