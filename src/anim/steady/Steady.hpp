// The steady step: what the layout layer calls to arm, step, roll and hand
// back the records of its parked children (steady/Record.hpp, List.hpp).
//
// [SECTION] Arming: the record a node's next frames take
// [SECTION] Write back: the record's state into the player
// [SECTION] Steps: one loop per kind (Steady.cpp: stepEach, each kind's step inline)
// [SECTION] Rolls: an iteration end taken in the list
//
// Every step gives the values the full path (AnimationPlayer's tick and
// compose, StyleState::tick) gives, bit for bit, from the same timing rule
// (anim/Timing's advanceWithin) and the same keyframe evaluation
// (anim/KeyframeLanes.hpp); Debug builds check each step against the full
// path. A step that is not steady declines and changes nothing.
#pragma once

#include "anim/steady/List.hpp"
#include "anim/steady/Record.hpp"

#include <zenit/anim/AnimationPlayer.hpp>
#include <zenit/style/Transitions.hpp>

#include <cstdint>
#include <span>

namespace zenit::steady {

// ---------------------------------------------------------------------------
// [SECTION] Arming
// ---------------------------------------------------------------------------

// After a full update (tick and compose) of a node with player `p` and no
// transition running: the record its next frames can be stepped from
// (OneCss, OneImperative or Player); false when the next frame is not
// such a frame (an event is due, a setter track plays, an animation blocks
// input, a property is shared …). It reads no theme: the caller gives the
// list the generation its keyframes belong to (List::insert). The record's
// state is taken from the player when it is parked (park).
bool armPlayer(AnimationPlayer& p, Layout* node, Record& out);

// The same for a node without a player whose transitions run
// (Transitions), constructed in `out`, a list's new record (List::append).
void armTransitions(StyleState& style, Layout* node, Record& out);

// The record joins a list: the player reads the state it holds through it
// from now on (Debug builds poison the player's own copies, so that a read
// that misses the record shows).
#ifdef NDEBUG
inline void parked(Record&) {}
#else
void parked(Record& r);
#endif

// ---------------------------------------------------------------------------
// [SECTION] Write back
// ---------------------------------------------------------------------------

// The state a record holds, back into its player (OneCss, OneImperative;
// nothing for the others): called before List::remove.
void writeBack(const Record& r);

// ---------------------------------------------------------------------------
// [SECTION] Steps
// ---------------------------------------------------------------------------

// One frame of every record of one kind (OneCss, OneImperative, Player) in
// one loop. A record whose step declines changes nothing and gets turn
// Declined, or IterationEnd when another iteration began inside the active
// interval (a roll may take that frame); returns whether any did. The
// caller checks once what holds for the whole list: dt finite and >= 0,
// the theme's generation the list's (List::generation) for the kinds that
// read keyframes.
bool stepOneCss(std::span<Record> records, double dt);
bool stepOneImperative(std::span<Record> records, double dt);
bool stepPlayers(std::span<Record> records, double dt, double now);  // now: the clock (parts tick absolutely)
// Clip records need no dt: their clip players advanced before the walk.
bool stepClips(std::span<Record> records);

// ---------------------------------------------------------------------------
// [SECTION] Rolls
// ---------------------------------------------------------------------------

// The frame a step declined with IterationEnd, taken in the list: the next
// iteration's window (what arming would plan now) and the step. False,
// changing nothing, where the full path must run. A OneCss or Player roll
// drops the animationiteration events the full path would queue: the caller
// rolls only where nothing would read them (the node has no handler).
bool rollOneCss(Record& r, double dt);
bool rollOneImperative(Record& r, double dt);
bool rollPlayer(Record& r, double dt, double now);

}  // namespace zenit::steady
