#!/usr/bin/env node
'use strict';
// The notes command: `notes` lists, `notes add TEXT` adds, `notes find WORD` searches,
// `notes sync` copies them to the synced folder, `notes tour` plays the welcome again,
// `notes whats-new` what the updates brought. On every start it makes one call: tour shows
// the welcome once, after an update what is new as a notice in place, else the
// getting-started checklist or a tip, at most one a day, all from one file. Each command
// ticks its checklist item once it worked (`tour.done`). It is silent
// in a pipe or in CI, and when tour is not installed the tool goes on without a word.
const fs = require('fs');
const os = require('os');
const path = require('path');
const tour = require('tour-onboarding');

const TOUR = path.join(__dirname, '..', 'tour.json');

function notesFile() {
  const data = process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return path.join(data, 'notes', 'notes.txt');
}

function syncedFile() {
  return path.join(path.dirname(notesFile()), 'synced', 'notes.txt');
}

function readNotes() {
  try {
    return fs.readFileSync(notesFile(), 'utf8').split('\n').filter((line) => line !== '');
  } catch (_) {
    return [];
  }
}

function main(args) {
  if (args[0] === 'tour') {
    tour.play([TOUR]);
    return 0;
  }
  if (args[0] === 'whats-new') {
    tour.whatsNew(TOUR);
    return 0;
  }
  // The outcome is there to read (FINISHED, SKIPPED, UNAVAILABLE, ...); notes needs none.
  tour.once(TOUR);
  // The consent page's answer, kept by tour: no answer (never shown, skipped) is no.
  if (tour.answers(TOUR).telemetry === 'yes') console.log('notes: sharing anonymous usage counts');

  if (args[0] === 'add' && args.length > 1) {
    fs.mkdirSync(path.dirname(notesFile()), { recursive: true });
    fs.appendFileSync(notesFile(), args.slice(1).join(' ') + '\n');
    console.log('Noted.');
    tour.done(TOUR, 'add');
  } else if (args[0] === 'find' && args.length > 1) {
    for (const note of readNotes()) {
      if (note.toLowerCase().includes(args[1].toLowerCase())) console.log(note);
    }
    tour.done(TOUR, 'find');
  } else if (args.length === 1 && args[0] === 'sync') {
    const notes = readNotes();
    fs.mkdirSync(path.dirname(syncedFile()), { recursive: true });
    fs.writeFileSync(syncedFile(), notes.map((note) => note + '\n').join(''));
    console.log(`Synced ${notes.length} notes.`);
    // Ticked only once the sync worked: the checklist says what the person really did.
    tour.done(TOUR, 'sync');
  } else if (args.length === 0) {
    const notes = readNotes();
    console.log(notes.length ? notes.join('\n') : 'No notes yet. Add one with: notes add TEXT');
  } else {
    console.error('usage: notes [add TEXT | find WORD | sync | tour | whats-new]');
    return 2;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
