import express from 'express';

// The spec's clients send some bodies as application/ld+json (the review save, an invitation's
// accept); app.ts parses application/json only, so the routes that take ld+json put this in front.
export const ldJsonBody = express.json({ type: 'application/ld+json', limit: '1mb' });
