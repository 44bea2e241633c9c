# One image for the api and the worker of the distributed deployment (docker-compose.yml).
# The web app is built into the image and served by the api.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# Dev dependencies too: Vite builds the web app below, and tsx runs the sources.
RUN npm install --include=dev --no-audit --no-fund
COPY . .
RUN npx vite build --config web/vite.config.ts
ENV NODE_ENV=production
EXPOSE 3000
# `npm run api` or `npm run worker` (set per service in docker-compose.yml).
CMD ["npm", "run", "api"]
