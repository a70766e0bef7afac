/** The Beat Drop: published posts and drafts (markdown bodies). */
export interface SeedBlogPost {
  slug: string;
  title: string;
  author: string;
  excerpt: string;
  tags: string[];
  /** days before the seed runs; drafts use it as their creation time */
  daysAgo: number;
  status: 'published' | 'draft';
  featured?: boolean;
  body: string;
}

export const BLOG_POSTS: readonly SeedBlogPost[] = [
  {
    slug: 'welcome-to-the-beat-drop',
    title: 'Welcome to The Beat Drop',
    author: 'circle_admin',
    daysAgo: 225,
    status: 'published',
    excerpt: 'Our new blog: scene reports, tutorials and stories from the DJ Circle community.',
    tags: ['community', 'announcements'],
    body: `## Why a blog?

The forum moves fast. Some things deserve to stay put: long tutorials, interviews and scene reports from the cities our members live in.

## What you will find here

- **Scene reports** from members around the world
- **Tutorials** on mixing, production and running nights
- **Interviews** with labels, promoters and venue owners
- **Community news**, like new features and meetups

## Want to write?

We pay contributors in karma and eternal gratitude. Pitch us through the [contact page](/contact) with a short outline.

See you on the floor.`,
  },
  {
    slug: 'beatmatching-without-sync',
    title: 'Beatmatching Without Sync: A Week-Long Plan',
    author: 'circle_admin',
    daysAgo: 198,
    status: 'published',
    excerpt: 'Twenty minutes a day for seven days. A practical plan for learning to beatmatch by ear.',
    tags: ['tutorial', 'dj-techniques', 'beginners'],
    body: `## Day 1 and 2: hear the gallop

Pick two tracks with simple four-to-the-floor kicks at the *same* tempo. Start them slightly apart and listen for the "gallop" of two kicks. Nudge until it disappears.

## Day 3 and 4: fix the pitch

Now start the second track at a different tempo. When the kicks drift, **move the pitch fader, not the jog**. The jog is for phase, the fader is for speed.

## Day 5 to 7: longer blends

1. Match two tracks for 32 bars without touching anything.
2. Add an EQ swap on the phrase change.
3. Record yourself and listen back the next day.

## Tips from the forum

- Hannah's [five-step guide](/discussions) is the short version of this plan.
- Live drum records are hard mode. Try them once you are comfortable.

Sync is a tool, not a crime. But knowing how to ride without it will save you the night the sync button lies.`,
  },
  {
    slug: 'scene-report-tbilisi',
    title: 'Scene Report: Tbilisi After Dark',
    author: 'oldskool_ollie',
    daysAgo: 176,
    status: 'published',
    excerpt: 'Concrete, community and a city that dances like it matters. Nadia K shows us around.',
    tags: ['scene-report', 'techno', 'interview'],
    body: `## A city that dances like it matters

Tbilisi's clubs are famous for their sound and their door policies, but what struck us most was the *community*. Resident DJs play for each other, and the crowd knows the records.

## Nadia K on residency life

> "A residency is a conversation with the same people every month. You can take them somewhere new because they trust you."

Nadia plays mostly vinyl, leaning hard and hypnotic. Her advice for visiting DJs:

- Play what you believe in, not what you think the city wants
- Listen to the residents before your set
- Respect the door: it keeps the floor safe

## Listen

Nadia's latest recording is on her [profile](/profile/nadia_k).`,
  },
  {
    slug: 'mixdown-checklist',
    title: 'The Ten-Point Mixdown Checklist',
    author: 'oldskool_ollie',
    daysAgo: 150,
    status: 'published',
    featured: false,
    excerpt: 'Before you send a track to mastering, run through this list. Compiled from a hundred forum threads.',
    tags: ['production', 'mixing', 'tutorial'],
    body: `## Before you bounce

1. **Check in mono.** Does the bass survive?
2. **Level-match a reference.** Louder always sounds better, so remove that bias.
3. **Headroom.** Peaks between -6 and -3 dBFS, no limiter on the master.
4. **Low end ownership.** Kick or bass owns the sub, not both.
5. **Tune the kick.** A kick tail in the wrong key beats against the bass.
6. **Harshness.** Sweep 2 to 8 kHz at low volume for the annoying bits.
7. **Stereo width.** Nothing below 120 Hz should be wide.
8. **Vocal presence.** Can you understand every word at low volume?
9. **Arrangement energy.** Is something changing every 8 to 16 bars?
10. **Fresh ears.** Sleep on it, listen again in the morning.

## Further reading

- [Kick and bass fighting each other](/discussions) on the forum
- Echo Chamber's notes on [premaster loudness](/discussions)`,
  },
  {
    slug: 'running-a-400-cap-night',
    title: 'Running a 400-Capacity Night Without Losing Your Shirt',
    author: 'circle_admin',
    daysAgo: 128,
    status: 'published',
    excerpt: 'Promoters from Leeds, Warsaw and Barcelona share the numbers behind a sustainable club night.',
    tags: ['promoters', 'industry', 'events'],
    body: `## The rough split

Our promoters compared notes and landed on a similar model:

| Share | Goes to |
|---|---|
| 30-35% | Venue |
| 20% | Production and promotion |
| 35-40% | DJs |
| 10% | Buffer for nights that do not sell |

## Pay your residents

Every promoter we spoke to said the same thing: **the residents build the night**. Pay openers a fixed fee, always.

## Lessons learned

- Get fees and set times in writing before the announcement
- Pre-sales tell you early whether to push promotion
- Treat the sound engineer like a headliner

Thanks to [Night Shift](/profile/night_shift_promo), [Gridlock Events](/profile/gridlock_events) and [Rosa](/profile/rooftop_rosa).`,
  },
  {
    slug: 'amapiano-log-drum-guide',
    title: 'Inside the Log Drum: An Amapiano Production Guide',
    author: 'oldskool_ollie',
    daysAgo: 104,
    status: 'published',
    excerpt: 'Kofi Mensah breaks down the sound that took amapiano from Pretoria to the world.',
    tags: ['production', 'amapiano', 'tutorial', 'interview'],
    body: `## Where the log drum comes from

The log drum is a pitched, percussive bass sound that grew out of South African house and kwaito. It sits between a kick, a tom and a bassline.

## Kofi's recipe

- Start with a short sine or triangle with a fast pitch envelope
- Add a touch of saturation for harmonics that translate on phones
- Play it like a bassline: **the groove lives in the velocity**

## Mixing tips

1. Let the log drum own 150 to 300 Hz
2. Dip the piano chords where they clash
3. Keep the shakers narrower than you think

Hear the results in Kofi's [latest upload](/profile/kofi_beats).`,
  },
  {
    slug: 'protect-your-ears',
    title: "Protect Your Ears: A DJ's Guide to Hearing Health",
    author: 'circle_admin',
    daysAgo: 86,
    status: 'published',
    excerpt: 'Tinnitus is forever. Earplugs, booth levels and breaks, explained by people who learned the hard way.',
    tags: ['health', 'community'],
    body: `## Why it matters

Your ears are your instrument. Hearing damage is cumulative and mostly **permanent**.

## What our members use

- **Custom moulds** with swappable filters: the gold standard
- **Flat attenuation plugs** (around 15 dB) for dancing
- **Booth monitor discipline**: turn it down, not up, when you feel tired

## Simple habits

1. Take a break outside every hour
2. Keep headphone levels lower than the booth
3. Get a hearing test once a year

Read the full [forum thread](/discussions) for product recommendations.`,
  },
  {
    slug: 'digging-for-records-2026',
    title: 'Digging in 2026: Where DJs Find Music Now',
    author: 'oldskool_ollie',
    daysAgo: 63,
    status: 'published',
    excerpt: 'Record shops, Bandcamp, radio shows and forums. How our members find the tracks nobody else has.',
    tags: ['music-discovery', 'vinyl', 'community'],
    body: `## The shop is still king

Several members told us their best finds come from **local record shops**, where a human recommends something based on what you just bought.

## Online

- Bandcamp label pages, sorted by release date
- Online radio archives with tracklists
- The [monthly digging thread](/discussions) right here

## Global club sounds

Our members in Durban, Lisbon, Chicago and Seoul put together a starter list of scenes worth exploring: gqom, kuduro, footwork and the Seoul future garage crews.

> "If it has a drum pattern you have never heard, I want it." — Inês Carvalho`,
  },
  {
    slug: 'small-labels-vinyl-economics',
    title: 'Small Labels and the Economics of Vinyl',
    author: 'circle_admin',
    daysAgo: 48,
    status: 'published',
    excerpt: 'Pressing costs are up, streaming pays little. Three labels explain how they keep physical releases alive.',
    tags: ['industry', 'vinyl', 'labels'],
    body: `## The problem

A 300-copy pressing now costs many small labels more than a year of streaming income.

## What works

- **Pre-sales first.** Hexagon Records pre-sells 60% before ordering.
- **Alternative formats.** Cassettes sell at gigs for a fraction of the cost.
- **Community over product.** Vinyl as merch for people who care.

## The bigger picture

Direct-to-fan sales are the only growing income stream for most of the labels we spoke to. A mailing list beats a playlist placement.

Thanks to [Subframe Audio](/profile/subframe_audio) and [Hexagon Records](/profile/hexagon_records).`,
  },
  {
    slug: 'warm-up-dj-art',
    title: 'The Lost Art of the Warm-Up Set',
    author: 'oldskool_ollie',
    daysAgo: 29,
    status: 'published',
    featured: true,
    excerpt: 'Why the best DJs in the world still love the opening slot, and how to play it well.',
    tags: ['dj-techniques', 'opinion', 'events'],
    body: `## The slot nobody wants

Ten o'clock, empty room, the bar staff restocking. For many DJs the warm-up is a slot to survive. For the best ones, it is the **most creative slot of the night**.

## How to play it

1. Stay between 118 and 122 bpm for the first hour
2. Play the deep records that never fit at peak time
3. Watch the bar, not the floor: when people drink faster, they will move soon
4. Hand over at a lower energy than you think

## Promoters notice

> "The warm-up DJ who builds slowly gets rebooked. The one who plays bangers at 10:30 does not."

Read the full conversation in the [forum](/discussions) and share your own warm-up stories.`,
  },
  {
    slug: 'remote-collaboration-workflow',
    title: 'A Remote Collaboration Workflow That Actually Works',
    author: 'circle_admin',
    daysAgo: 17,
    status: 'published',
    excerpt: 'Stems, naming, splits and time zones: how members finish tracks together from different continents.',
    tags: ['production', 'collaboration', 'tutorial'],
    body: `## Before you start

- Agree on **splits in writing**, even with friends
- Agree on the DAW or export stems that work everywhere

## File hygiene

- Name stems with tempo and key: \`bass_118bpm_Dmin.wav\`
- Bounce from bar 1, even if the part starts later
- Keep a shared notes document with every decision

## Working async

Time zones are a feature: one of you works while the other sleeps. A short voice note with every bounce saves hours of messages.

Looking for collaborators? Try the [Collaborations category](/discussions).`,
  },
  {
    slug: 'community-update-karma',
    title: 'Community Update: Karma, Tip Jars and What Is Next',
    author: 'circle_admin',
    daysAgo: 7,
    status: 'published',
    excerpt: 'How karma works, how to switch on your tip jar, and what we are building next.',
    tags: ['community', 'announcements', 'karma'],
    body: `## Karma

You earn karma when you **start a discussion** (+5) and when people **like your posts** (+1 per like). It is a thank-you, not a competition.

## Tip jars

Creators can now switch on a tip jar from **Tip Jar Settings**: crypto or PayPal. A Tip Creator button then appears on your profile.

## What is next

- Better search across profiles, discussions and the blog
- Offline reading on the go
- Push notifications for replies and mentions

Questions? Ask in [Help & Support](/discussions).`,
  },
  {
    slug: 'interview-hexagon-records',
    title: 'Interview: Hexagon Records on Fifteen Years of Machine Soul',
    author: 'oldskool_ollie',
    daysAgo: 3,
    status: 'published',
    excerpt: 'The Detroit label talks demos, pressing plants and why they still listen to every submission.',
    tags: ['interview', 'labels', 'techno'],
    body: `## Starting out

Hexagon began in 2011 with one 12" and a borrowed van. Fifteen years later the label has released more than sixty records.

## On demos

> "We listen to every demo, eventually. Send us one track you love, not five you like."

## What they look for

- A personal sound, even if rough
- Tracks that work in a club **and** at home
- Artists who show up for the community

## Listen

Explore the catalogue on their [profile](/profile/hexagon_records).`,
  },
  {
    slug: 'draft-gear-guide-2026',
    title: 'Gear Guide 2026: Budget Home Studio',
    author: 'circle_admin',
    daysAgo: 4,
    status: 'draft',
    excerpt: 'What to buy first when you have a small room and a small budget.',
    tags: ['gear', 'production'],
    body: `## The essentials

- Audio interface with two inputs
- Headphones you know well
- Small monitors and freestanding panels

## To do

- Ask Dan for monitor recommendations
- Add prices`,
  },
  {
    slug: 'draft-festival-meetups',
    title: 'DJ Circle Festival Meetups: Summer Plan',
    author: 'circle_admin',
    daysAgo: 2,
    status: 'draft',
    excerpt: 'Where and when to find other members this festival season.',
    tags: ['community', 'events'],
    body: `## Meetups so far

- Coromandel, January
- Osaka jazz and soul weekender, August
- Lake Como, July

Details to confirm with the organisers in the [festival thread](/discussions).`,
  },
  {
    slug: 'draft-ai-and-music',
    title: 'AI in Music: What Our Members Think',
    author: 'oldskool_ollie',
    daysAgo: 1,
    status: 'draft',
    excerpt: 'Stem separation yes, cloned voices no: a snapshot of community opinion.',
    tags: ['industry', 'opinion'],
    body: `## Draft notes

- Stem separation is widely used for edits
- AI mastering fine for demos, not for releases
- Voice cloning without consent is a hard no

Waiting on quotes from Sam's article.`,
  },
];
