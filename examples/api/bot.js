#!/usr/bin/env node
// In your repository this file is your bot. Here it runs botjury's own correct JavaScript example,
// so the two cannot drift apart.
import '../alquerque/js/bot.js';
