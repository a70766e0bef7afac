/**
 * Forum threads with their opening post (HTML, as the create dialog sends it)
 * and scripted replies (markdown, as the reply editor sends it). The generator
 * pads each thread with chatter from chatter.ts after the scripted replies.
 */
export interface ScriptedReply {
  by: string;
  text: string;
  /** index of the quoted post in this thread (0 = opening post) */
  quote?: number;
  /** the discussion author accepts this reply */
  solution?: boolean;
}

export interface SeedThread {
  key: string;
  title: string;
  category: string;
  author: string;
  daysAgo: number;
  pinned?: boolean;
  locked?: boolean;
  opening: string;
  replies: ScriptedReply[];
  /** chatter replies appended after the scripted ones */
  chatter: number;
}

export const THREADS: readonly SeedThread[] = [
  {
    key: 'welcome',
    title: 'Welcome to DJ Circle: start here',
    category: 'Announcements',
    author: 'circle_admin',
    daysAgo: 236,
    pinned: true,
    locked: true,
    opening:
      '<p>Welcome to <strong>DJ Circle</strong>, a home for DJs, producers, vocalists, labels, promoters and everyone who lives for the dancefloor.</p><p>A few things to get you going:</p><ul><li>Say hello in <em>Introductions</em> and tell us what you play.</li><li>Post works in progress in <em>Track Feedback</em>. Give feedback before you ask for it.</li><li>Read the <a href="/guidelines">community guidelines</a>. Short version: be kind, be specific, no spam.</li></ul><p>Karma is earned by starting discussions and by people liking what you write. See you on the floor.</p>',
    replies: [
      {
        by: 'floor_mod',
        text: 'Glad to be on board as a moderator. If a thread is in the wrong category I will move it, no drama. Use the report button instead of arguing in the replies.',
      },
      { by: 'prof_synth', text: 'Finally a forum that is not a comment section. Looking forward to the sound design threads.' },
      { by: 'nadia_k', text: 'Hello from Tbilisi. Happy to see a place that takes DJing seriously without taking itself too seriously.' },
    ],
    chatter: 6,
  },
  {
    key: 'guidelines-feedback',
    title: 'Feedback etiquette: read before posting in Track Feedback',
    category: 'Announcements',
    author: 'floor_mod',
    daysAgo: 228,
    pinned: true,
    opening:
      '<p>Track Feedback is the busiest category, so a few house rules:</p><ol><li>Give feedback on two tracks before posting your own.</li><li>Say what you want feedback on: mixdown, arrangement, sound selection.</li><li>Timestamps help. "The drop at 2:14 feels empty" beats "the drop is weak".</li><li>No "check out my SoundCloud" drive-bys. Those get removed.</li></ol><p>Honest is good. Cruel is not.</p>',
    replies: [
      {
        by: 'echo_chamber',
        text: 'Strongly agree with timestamps. Also: tell us what you are listening on. Laptop speakers and a treated room are two different planets.',
      },
      { by: 'lowend_theory', text: 'Adding one: say whether the track is mastered or not. I have spent ages commenting on loudness of a premaster.' },
      { by: 'floor_mod', text: 'Good points both, adding them to the list.', quote: 1 },
    ],
    chatter: 7,
  },
  {
    key: 'intro-thread',
    title: 'Introduce yourself: who are you and what do you play?',
    category: 'Introductions',
    author: 'circle_admin',
    daysAgo: 232,
    pinned: true,
    opening:
      '<p>One thread for introductions so the hub does not fill up with hellos. Tell us:</p><ul><li>Where you are based</li><li>What you play or make</li><li>One record that changed everything for you</li></ul>',
    replies: [
      {
        by: 'vinyl_vera',
        text: 'Vera from Stockholm. Disco and Italo, mostly on vinyl. The record: Patrick Cowley, *Menergy*. Heard it in a basement at 19 and never recovered.',
      },
      {
        by: 'kofi_beats',
        text: 'Kofi from Accra, amapiano and afro house producer. The record that did it was a bootleg tape of Fela my uncle played every Sunday.',
      },
      {
        by: 'juno_waves',
        text: 'Juno from Melbourne. Melodic techno and progressive. The record: *Sasha & Digweed - Northern Exposure*. Long builds forever.',
      },
      {
        by: 'newbie_nico',
        text: 'Hi all, Nico from Buenos Aires. Just got a DDJ-400 and I am learning. The record: anything from Hernan Cattaneo, he plays here every year.',
      },
      {
        by: 'hannah_hz',
        text: 'Welcome Nico! If you get stuck on beatmatching, shout. @newbie_nico we run beginner sessions online once a month too.',
        quote: 4,
      },
      { by: 'footwork_fia', text: 'Fia, Chicago. I dance footwork and teach it. The record: DJ Rashad, *Double Cup*. RIP.' },
      { by: 'moss_and_static', text: 'Moss & Static from Reykjavik. Ambient and drone. The record: Gas, *Pop*. Forest music.' },
    ],
    chatter: 11,
  },
  {
    key: 'newbie-hello',
    title: 'First time poster, long time lurker from Helsinki',
    category: 'Introductions',
    author: 'tape_hiss',
    daysAgo: 38,
    opening:
      '<p>Hi everyone. I have been reading here for months and finally made an account. I make slow ambient on an old Tascam four-track and I would love to hear how others get that warm, worn sound without it turning to mud.</p>',
    replies: [
      {
        by: 'moss_and_static',
        text: 'Welcome! Four-track gang. Record hotter than you think, tape compression is half the charm. Then roll off the lows below 80 Hz before bouncing.',
      },
      { by: 'echo_chamber', text: 'And clean the heads. Half the mud people blame on tape is oxide build-up.' },
      { by: 'tape_hiss', text: 'Cleaned the heads tonight and it is like someone took a blanket off the speakers. Thank you both.', quote: 2 },
    ],
    chatter: 6,
  },
  {
    key: 'sidechain-kick-bass',
    title: 'Kick and bass fighting each other: sidechain or EQ first?',
    category: 'Music Production',
    author: 'juno_waves',
    daysAgo: 64,
    opening:
      '<p>My kick and bassline keep masking each other around 60-90 Hz. I have tried a heavy sidechain compressor but now the bass sounds like it is pumping on purpose, which is not the vibe for melodic techno.</p><p>Do you EQ carve first and then sidechain lightly, or is there a better approach?</p>',
    replies: [
      {
        by: 'lowend_theory',
        text: 'Decide which one owns the sub. Usually the kick owns 50-60 Hz and the bass sits above, or the other way round for rolling basslines. Then a *short* volume duck (Kickstart-style, 50 to 80 ms) rather than a compressor with a slow release.',
      },
      {
        by: 'prof_synth',
        text: 'Also check the key of your kick. If the kick is tuned to F and your bass sits in F# you get beating you cannot EQ away. Tune the kick tail to the root.',
        solution: true,
      },
      {
        by: 'echo_chamber',
        text: 'Both correct. I would add: check in mono. Stereo wideners on bass are a classic cause of the sub disappearing on club systems.',
      },
      { by: 'juno_waves', text: 'Tuning the kick fixed 80% of it. Never thought about the pitch of a kick tail. Thanks @prof_synth!', quote: 2 },
      {
        by: 'polyrhythm_pete',
        text: 'Dynamic EQ on the bass keyed from the kick is the grown-up version of sidechain. Only ducks the frequencies that clash.',
      },
    ],
    chatter: 11,
  },
  {
    key: 'mixdown-loudness',
    title: 'How loud should a premaster be before I send it to mastering?',
    category: 'Music Production',
    author: 'riya_rhythm',
    daysAgo: 41,
    opening:
      '<p>Sending my first EP to a mastering engineer. They asked for a premaster with "enough headroom". What does that mean in practice? Peaks at -6 dBFS? No limiter on the master bus at all?</p>',
    replies: [
      {
        by: 'echo_chamber',
        text: 'Speaking as a mastering engineer: peaks somewhere between -6 and -3 dBFS, no limiter, no clipper, and leave your bus compression on only if it is part of the sound. Export at the session sample rate, 24 or 32-bit float.',
        solution: true,
      },
      { by: 'lowend_theory', text: 'And send a reference of your loud version so they know what you liked about it.' },
      { by: 'riya_rhythm', text: 'Super clear, thank you. Exporting 32-bit float now.', quote: 1 },
    ],
    chatter: 8,
  },
  {
    key: 'vocal-chops',
    title: 'Vocal chops that do not sound like every other tech house track',
    category: 'Music Production',
    author: 'mira_sol',
    daysAgo: 23,
    opening:
      '<p>I record my own vocals and producers keep chopping them into the same pitched-up stutter. As a vocalist, what are some chop techniques you love that keep the human feel?</p>',
    replies: [
      { by: 'lena_loops', text: 'Chop breaths and consonants, not just vowels. A sampled "t" or "k" at low volume makes a great hi-hat layer.' },
      { by: 'brass_and_bass', text: 'Play chops on a keyboard instead of drawing them. Your timing mistakes are the human feel.' },
      {
        by: 'kofi_beats',
        text: 'Formant shift down a little instead of pitch. Keeps the melody but the voice gets a different body. @mira_sol send me stems, I would love to try it on your hooks.',
      },
      { by: 'mira_sol', text: 'Deal! Sending the stems from the new session this week.', quote: 3 },
    ],
    chatter: 9,
  },
  {
    key: 'harmonic-mixing',
    title: 'Is harmonic mixing overrated?',
    category: 'DJ Techniques',
    author: 'bassline_ben',
    daysAgo: 57,
    opening:
      '<p>Controversial one. I have been mixing by key with the Camelot wheel for two years and lately I think it makes my sets sound safe. Some of the best transitions I have heard were "wrong" on paper.</p><p>Do you mix in key religiously, sometimes, or never?</p>',
    replies: [
      { by: 'vinyl_vera', text: 'Never on purpose. Disco records drift in tempo and key anyway. Energy and groove first.' },
      { by: 'kenji_404', text: 'For long dub techno blends over 2-3 minutes, key matters a lot. For a quick cut it does not matter at all.' },
      { by: 'nadia_k', text: 'Use the wheel as a map, not as rules. A clash for 8 bars can build tension that the drop releases.' },
      { by: 'bassline_ben', text: 'This is exactly the point I was trying to make, said better.', quote: 3 },
      {
        by: 'demo_dj',
        text: 'Long blends in tech house: key matters. Percussive tools: never check. I do a quick listen in the headphones and trust my ears.',
      },
    ],
    chatter: 12,
  },
  {
    key: 'eq-vs-filter',
    title: 'Transitions: EQ swaps vs filter sweeps',
    category: 'DJ Techniques',
    author: 'newbie_nico',
    daysAgo: 10,
    opening:
      '<p>Beginner question. When I bring in the next track I either cut the bass on one and bring it up on the other, or I use the filter. Both sound a bit clumsy. Which one should I practise first?</p>',
    replies: [
      {
        by: 'hannah_hz',
        text: 'Bass swap first. Rule of thumb: never two basslines at full level at once. Swap the lows on a phrase change (every 16 or 32 bars) in one clean move.',
        solution: true,
      },
      { by: 'demo_dj', text: 'Filters are seasoning. If every transition has a filter sweep, the crowd hears the DJ, not the music.' },
      { by: 'newbie_nico', text: 'Practised bass swaps on phrase changes all evening. It already sounds less like two songs arguing.', quote: 1 },
    ],
    chatter: 7,
  },
  {
    key: 'reading-crowd',
    title: 'Reading a crowd when you play the warm-up slot',
    category: 'DJ Techniques',
    author: 'tide_selector',
    daysAgo: 33,
    opening:
      "<p>I have the 10 pm to midnight slot before a big headliner next month. The room will be empty for the first hour. How do you keep it interesting without stealing the headliner's energy?</p>",
    replies: [
      { by: 'kenji_404', text: 'Play the records you love that are too slow or too deep for peak time. Warm-up is the best slot for those.' },
      {
        by: 'night_shift_promo',
        text: 'As a promoter: the warm-up DJ who keeps it at 118-122 and builds slowly gets rebooked. The one who plays bangers at 10:30 does not.',
      },
      { by: 'demo_dj', text: 'Watch the bar, not the floor. When people start drinking faster, they will move soon.' },
      { by: 'tide_selector', text: 'Love this. Going to build a crate of "too deep for peak" records.', quote: 1 },
    ],
    chatter: 9,
  },
  {
    key: 'cdj-vs-controller',
    title: 'CDJs vs controller for a home setup in 2026',
    category: 'Gear & Software',
    author: 'zoe_in_the_mix',
    daysAgo: 48,
    opening:
      '<p>I practise on a controller but every club I play has CDJ-3000s. Is it worth buying a pair of used 2000NXS2s for home, or is a controller with the same layout good enough?</p>',
    replies: [
      {
        by: 'desk_tech_dan',
        text: 'If you play out monthly, get the used NXS2s. Muscle memory on jog wheel feel and the loop buttons is what saves you at 2 am.',
      },
      {
        by: 'marco_b2b',
        text: 'I practise on a controller and only spend 10 minutes on the CDJs before my set. Works fine. Export the USB with rekordbox and you are sorted.',
      },
      { by: 'kenji_404', text: 'Whatever you buy, practise on the mixer you will meet in clubs. The jog wheels matter less than the EQ and filter response.' },
    ],
    chatter: 9,
  },
  {
    key: 'ableton-cpu',
    title: 'Ableton CPU spikes with only 12 tracks: what am I missing?',
    category: 'Gear & Software',
    author: 'lena_loops',
    daysAgo: 18,
    opening:
      '<p>Ableton on a two-year-old laptop, only 12 tracks, and the CPU meter jumps to 90% with crackles. Buffer size is 256. What are your first steps?</p>',
    replies: [
      {
        by: 'prof_synth',
        text: 'Freeze the synth tracks you are not editing, and check for oversampling turned on in saturators and filters. One instance of a 16x oversampled plugin can cost more than ten tracks.',
        solution: true,
      },
      { by: 'polyrhythm_pete', text: 'Also power settings. On laptops "battery saver" throttles the CPU so hard that audio drops out.' },
      { by: 'lena_loops', text: 'It was the oversampling in a saturator on the master. Down to 30%. Thank you!', quote: 1 },
    ],
    chatter: 7,
  },
  {
    key: 'monitor-headphones',
    title: 'Studio monitors or headphones for a small untreated room?',
    category: 'Gear & Software',
    author: 'kofi_beats',
    daysAgo: 72,
    opening:
      '<p>Tiny bedroom studio, no treatment yet, landlord says no holes in walls. Should I spend my budget on better monitors or on good open-back headphones plus room correction software?</p>',
    replies: [
      {
        by: 'echo_chamber',
        text: 'In an untreated small room: headphones plus a small pair of monitors for checks. Big monitors in a small room just excite the room modes.',
      },
      { by: 'desk_tech_dan', text: 'Freestanding panels on stands do not need holes. Two behind the monitors, two at the first reflection points, done.' },
      {
        by: 'lowend_theory',
        text: 'Get a sub-bass reference track you know by heart and listen to it in every spot of the room. You will be surprised how much the bass changes.',
      },
    ],
    chatter: 8,
  },
  {
    key: 'gig-no-soundcheck',
    title: 'Played a gig with no soundcheck and the booth monitor died',
    category: 'Events & Gigs',
    author: 'skyline_sara',
    daysAgo: 15,
    opening:
      '<p>Last Saturday the booth monitor cut out 20 minutes into my set and I had to mix the rest on headphones and the delayed sound from the main room. Survived, but barely. How do you handle this?</p>',
    replies: [
      {
        by: 'desk_tech_dan',
        text: 'Beatmatch with one ear in the headphones on the incoming track and the other ear on the *cue of the playing track*, not the room. Split cue if the mixer has it.',
      },
      { by: 'bassline_ben', text: 'Been there. Waveforms help more than people admit. Line up the transients visually, then fine tune by ear.' },
      { by: 'skyline_sara', text: 'Split cue! I did not know the mixer had that. Next time.', quote: 1 },
    ],
    chatter: 7,
  },
  {
    key: 'promoter-pay',
    title: 'Promoters: how do you calculate DJ fees for a 400-cap room?',
    category: 'Events & Gigs',
    author: 'night_shift_promo',
    daysAgo: 52,
    opening:
      '<p>Genuine question to other promoters and to DJs. We run a 400 capacity night with a 15 pound ticket. How do you split between headliner, support, production and venue so everyone is paid fairly and the night survives?</p>',
    replies: [
      {
        by: 'gridlock_events',
        text: 'Our rough model: venue 30-35%, production and promo 20%, DJs 35-40%, and 10% buffer for the nights that do not sell. Local support DJs get paid, always.',
      },
      { by: 'rooftop_rosa', text: 'Same here. We also pay openers a fixed fee, not "exposure". The best nights are built by the residents.' },
      { by: 'nadia_k', text: 'From the DJ side: a clear fee agreed in writing before announcement, and travel covered. That is all we ask.' },
    ],
    chatter: 8,
  },
  {
    key: 'festival-season',
    title: 'Who is heading to the summer festivals? Meetup thread',
    category: 'Events & Gigs',
    author: 'rooftop_rosa',
    daysAgo: 27,
    opening: '<p>Festival season is coming. Drop the festivals you are going to or playing and let us organise a DJ Circle meetup at each one.</p>',
    replies: [
      { by: 'quiet_quasar', text: 'Going to a psytrance festival in the Coromandel in January. Anyone else from NZ here?' },
      { by: 'dusty_grooves', text: 'Osaka jazz and soul weekender in August. Happy to meet anyone who likes records.' },
      { by: 'marco_b2b', text: 'Playing a b2b at a small festival near Lake Como. @zoe_in_the_mix you should come!' },
    ],
    chatter: 9,
  },
  {
    key: 'feedback-amapiano',
    title: 'Feedback wanted: amapiano roller, mixdown feels crowded',
    category: 'Track Feedback',
    author: 'kofi_beats',
    daysAgo: 29,
    opening:
      '<p>New amapiano roller, 113 bpm. Mixdown feels crowded when the log drum and the piano chords play together from 1:45. Looking for mixdown feedback mostly. Premaster, peaks at -5 dBFS.</p>',
    replies: [
      {
        by: 'deep_thabo',
        text: 'The log drum is fighting the piano in the low mids, around 250 Hz. Dip the piano there and let the log drum own it. Groove is serious though.',
        solution: true,
      },
      { by: 'echo_chamber', text: 'Agree with Thabo. Also the shaker is very wide, pull it in a bit so the centre does not feel empty by comparison.' },
      { by: 'kofi_beats', text: 'Dipped the piano at 250 and it opened right up. Thanks @deep_thabo.', quote: 1 },
    ],
    chatter: 9,
  },
  {
    key: 'feedback-techno',
    title: 'First techno track: arrangement feels repetitive after 3 minutes',
    category: 'Track Feedback',
    author: 'newbie_nico',
    daysAgo: 8,
    opening:
      '<p>My first finished techno track. Everyone says techno is repetitive, but mine is boring after three minutes. What makes a repetitive track hypnotic instead of boring?</p>',
    replies: [
      {
        by: 'nadia_k',
        text: 'Small changes every 8 or 16 bars: a filter opening, a hat pattern shifting, a delay throw. The listener should not notice each change but feel the movement.',
      },
      {
        by: 'analog_anya',
        text: 'Automate one parameter slowly over the whole track, like a filter cutoff over 4 minutes. That slow line is what hypnotises.',
        solution: true,
      },
      { by: 'prof_synth', text: 'Also remove things. The best moment in a techno track is often when the kick drops out for 8 bars.' },
      { by: 'newbie_nico', text: 'Automating the resonance slowly over the whole track made a big difference. Updated version coming.', quote: 2 },
    ],
    chatter: 8,
  },
  {
    key: 'feedback-vocal-house',
    title: 'Vocal house demo with @mira_sol: does the hook land?',
    category: 'Track Feedback',
    author: 'demo_producer',
    daysAgo: 20,
    opening:
      '<p>Working on a vocal house track with Mira on vocals. The question for you: does the hook at 1:02 land, or should it come in earlier? Reference points are classic Defected-era records.</p>',
    replies: [
      { by: 'zoe_in_the_mix', text: 'Hook lands, but I would tease it at 0:32 with a filtered version so the 1:02 moment feels like a payoff.' },
      { by: 'ravewriter', text: 'Hook is strong. The pad under it is doing a lot of work, maybe too much: it blurs the vocal consonants.' },
      { by: 'mira_sol', text: 'Love the filtered tease idea.', quote: 1 },
      {
        by: 'demo_producer',
        text: 'Filtered tease added at 0:32 and the pad tucked under the vocal. Thanks all, this is the version going to the label.',
        quote: 2,
      },
    ],
    chatter: 8,
  },
  {
    key: 'collab-vocalist',
    title: 'Looking for a vocalist for a broken beat EP',
    category: 'Collaborations',
    author: 'brass_and_bass',
    daysAgo: 44,
    opening:
      '<p>I have four broken beat instrumentals with live horns. Looking for a vocalist (jazz or soul leaning) for two of them. Remote is fine, I can send stems and a rough topline idea.</p>',
    replies: [
      { by: 'amara_sounds', text: 'Very interested. I have done soul features over broken beat before. Sending you a DM with references.' },
      { by: 'mira_sol', text: 'If Amara is busy I would love to hear them too.' },
      { by: 'brass_and_bass', text: '@amara_sounds sent you the stems. The second one is in D minor, 118 bpm.', quote: 1 },
    ],
    chatter: 7,
  },
  {
    key: 'collab-b2b',
    title: 'Online b2b stream series: who wants in?',
    category: 'Collaborations',
    author: 'marco_b2b',
    daysAgo: 35,
    opening:
      '<p>Idea: a monthly b2b stream where two members from different cities play together, each playing from home, switching every two tracks. Disco, house, whatever works. Who is up for it?</p>',
    replies: [
      { by: 'zoe_in_the_mix', text: 'In! Paris and Milan, Italo vs French touch.' },
      { by: 'skyline_sara', text: 'Count me in for a Seoul slot. Time zones will be fun.' },
      { by: 'lumen_visuals', text: 'I can do live visuals for the stream if you want.' },
      { by: 'marco_b2b', text: 'Visuals would be amazing, adding you to the group.', quote: 3 },
    ],
    chatter: 8,
  },
  {
    key: 'discovery-deep',
    title: 'What deep records are you playing this month?',
    category: 'Music Discovery',
    author: 'vinyl_vera',
    daysAgo: 19,
    opening: '<p>Monthly digging thread. Three records you are playing right now, old or new, with one line on why.</p>',
    replies: [
      {
        by: 'kenji_404',
        text: 'Deepchord reissue, still the benchmark for dub techno. A Japanese minimal 12" from 2004 nobody knows. And a new dub EP on @subframe_audio.',
      },
      {
        by: 'tide_selector',
        text: 'A South African deep house record from 2012 that sounds brand new. A jazz-funk edit. And a rework of an old Cape jazz tune.',
      },
      { by: 'dusty_grooves', text: 'Not a DJ but I am playing a lot of 70s Japanese city pop at home. Some of it is basically proto-house.' },
      { by: 'subframe_audio', text: 'Thank you Kenji! Second pressing arrives in two weeks.', quote: 1 },
    ],
    chatter: 10,
  },
  {
    key: 'discovery-global',
    title: 'Global club sounds you should know: gqom, kuduro, baile funk',
    category: 'Music Discovery',
    author: 'selecta_ines',
    daysAgo: 61,
    opening:
      '<p>I want to start a thread for club music from outside the usual Berlin-London-New York axis. Post a genre, a city and a track or artist to start with.</p>',
    replies: [
      { by: 'deep_thabo', text: 'Gqom, Durban. Start with the early Gqom Oh! compilations. Broken, dark, made on cracked software in the townships.' },
      { by: 'selecta_ines', text: 'Kuduro, Luanda and Lisbon. Buraka Som Sistema is the gateway, then dig into the Principe label.' },
      { by: 'footwork_fia', text: 'Footwork, Chicago. Teklife compilations. 160 bpm, triplets everywhere.' },
      { by: 'skyline_sara', text: 'Korean club scene: the future garage and breaks crews in Seoul are doing amazing things right now.' },
    ],
    chatter: 9,
  },
  {
    key: 'industry-streaming',
    title: 'Is it still worth releasing vinyl as a small label?',
    category: 'Industry Talk',
    author: 'subframe_audio',
    daysAgo: 80,
    opening:
      '<p>Pressing costs went up again. A 300-copy run now costs us more than the label made from streaming all year. Other small labels: are you still pressing, and how do you make it work?</p>',
    replies: [
      { by: 'hexagon_records', text: 'We still press but only 200 copies and we pre-sell 60% before ordering. No pre-sales, no pressing.' },
      { by: 'demo_producer', text: 'We went digital plus a small cassette run. Cassettes sell at gigs and cost a fraction.' },
      { by: 'ravewriter', text: 'Wrote a piece on this last year. The labels doing well treat vinyl as merch for a community, not as the main product.' },
    ],
    chatter: 9,
  },
  {
    key: 'industry-ai',
    title: 'AI mastering and AI stems: where do you draw the line?',
    category: 'Industry Talk',
    author: 'ravewriter',
    daysAgo: 12,
    opening:
      '<p>Researching an article. Producers, DJs and labels: which AI tools do you use (stem separation, mastering, sample generation) and where do you draw the line?</p>',
    replies: [
      {
        by: 'echo_chamber',
        text: 'Stem separation for edits and live remixing is a gift. AI mastering is fine for demos. For a release, I want a person who can argue with me.',
      },
      { by: 'hexagon_records', text: 'We will not sign tracks with generated vocals of real singers. Everything else we judge on the music.' },
      { by: 'mira_sol', text: 'As a vocalist: clone my voice without asking and we are done. Ask and pay, and we can talk.' },
    ],
    chatter: 8,
  },
  {
    key: 'tutorial-beatmatching',
    title: 'Tutorial: beatmatching by ear in 5 steps',
    category: 'Tutorials & Resources',
    author: 'hannah_hz',
    daysAgo: 90,
    opening:
      '<p>I teach this every month, so here is the written version.</p><ol><li>Start both tracks at the same tempo shown, then turn off sync and the BPM display.</li><li>Listen to the incoming kick in headphones, the playing track in the room.</li><li>Are the kicks galloping (two hits)? Nudge the jog to line them up.</li><li>If they drift apart again, adjust the pitch fader, not the jog.</li><li>Repeat until they stay together for 32 bars.</li></ol><p>It takes a week of 20 minutes a day. Promise.</p>',
    replies: [
      { by: 'newbie_nico', text: 'Step 4 was my problem, I kept nudging forever instead of fixing the pitch. Thank you!' },
      { by: 'bassline_ben', text: 'Great guide. I would add: practise with records that have live drums. If you can match those, electronic tracks are easy.' },
      { by: 'hannah_hz', text: 'Exactly! The nudging trap is the most common thing I see in workshops.', quote: 1 },
    ],
    chatter: 8,
  },
  {
    key: 'tutorial-sound-design',
    title: 'Resource list: free synthesis courses and books',
    category: 'Tutorials & Resources',
    author: 'prof_synth',
    daysAgo: 110,
    opening:
      '<p>A list I give to my first-year students. All free or cheap:</p><ul><li>The <em>Syntorial</em> demo lessons for ear training on filters and envelopes</li><li>Welsh\'s Synthesizer Cookbook for patch recipes</li><li>Ableton\'s free "Learning Synths" site for the absolute basics</li><li>The VCV Rack manual for modular concepts without spending money</li></ul><p>Add your favourites below.</p>',
    replies: [
      { by: 'juno_waves', text: 'VCV Rack is how I learned modular before buying a single module. Cannot recommend it enough.' },
      { by: 'analog_anya', text: 'Adding: the original Roland TB-303 manual. Short, clear, and explains accent and slide better than any video.' },
      { by: 'glitch_garden', text: 'For visual people: a free node-based patching tool helped me understand signal flow before I touched audio.' },
    ],
    chatter: 7,
  },
  {
    key: 'help-usb-export',
    title: 'rekordbox USB export: tracks missing on the club CDJs',
    category: 'Help & Support',
    author: 'zoe_in_the_mix',
    daysAgo: 6,
    opening:
      '<p>Exported playlists to a USB with rekordbox, everything plays at home, but on the club CDJs half the tracks showed as missing. What did I do wrong?</p>',
    replies: [
      {
        by: 'desk_tech_dan',
        text: 'Classic: the stick was formatted exFAT and the older players in the club only read FAT32 or HFS+. Also check you exported, not just copied the files.',
        solution: true,
      },
      { by: 'marco_b2b', text: 'Also check file names with special characters. Some players choke on emoji and accents in the path.' },
      { by: 'zoe_in_the_mix', text: "Reformatted to FAT32, exported again, tested on a friend's NXS2. All there. Thank you!", quote: 1 },
    ],
    chatter: 6,
  },
  {
    key: 'help-account',
    title: 'How do I enable the tip jar on my profile?',
    category: 'Help & Support',
    author: 'tide_selector',
    daysAgo: 54,
    opening: '<p>I saw some profiles have a Tip Creator button. Where do I switch that on?</p>',
    replies: [
      {
        by: 'floor_mod',
        text: 'Avatar menu → Tip Jar Settings. Turn the toggle on, pick crypto or PayPal and add the address or PayPal.Me link. The button shows up on your profile straight away.',
        solution: true,
      },
      { by: 'tide_selector', text: 'Found it, all set. Thanks!', quote: 1 },
    ],
    chatter: 5,
  },
  {
    key: 'offtopic-food',
    title: 'Best post-gig food in your city?',
    category: 'Off-Topic',
    author: 'bassline_ben',
    daysAgo: 25,
    opening: '<p>It is 4:30 am, your ears are ringing, you are starving. Where do you go? London: the 24-hour bagel shop on Brick Lane, obviously.</p>',
    replies: [
      { by: 'nadia_k', text: 'Tbilisi: khachapuri from the bakery near the station. Cheese and egg at 5 am fixes everything.' },
      { by: 'kenji_404', text: 'Tokyo: a standing ramen shop. Three minutes in, three minutes out, perfect.' },
      { by: 'the_warehouse_nyc', text: 'Brooklyn: the bodega across from our venue makes a bacon egg and cheese that has saved many headliners.' },
      { by: 'marco_b2b', text: "Milan: nothing is open. We cook pasta at the promoter's flat." },
    ],
    chatter: 9,
  },
  {
    key: 'offtopic-tinnitus',
    title: 'Protect your ears: which earplugs do you use?',
    category: 'Off-Topic',
    author: 'desk_tech_dan',
    daysAgo: 66,
    opening:
      '<p>Public service announcement from someone with mild tinnitus. Which earplugs do you use in the booth and on the floor? Custom moulds were the best money I ever spent.</p>',
    replies: [
      { by: 'footwork_fia', text: 'Flat attenuation plugs, 15 dB. I can still hear the music properly while dancing.' },
      { by: 'demo_dj', text: 'Custom moulds with swappable filters. In the booth I use the lighter filter so I can still hear the room.' },
      { by: 'echo_chamber', text: 'Seconding custom moulds. Also: take breaks in the smoking area even if you do not smoke.' },
    ],
    chatter: 7,
  },
  {
    key: 'general-first-set',
    title: 'What was your first ever set like?',
    category: 'General Discussion',
    author: 'cassette_carl',
    daysAgo: 70,
    opening: '<p>As a non-DJ I am curious. What was your first set like? Disaster stories welcome.</p>',
    replies: [
      { by: 'vinyl_vera', text: 'I forgot to bring headphones. Mixed the whole set on the booth monitor. Never again.' },
      { by: 'bassline_ben', text: 'Pirate radio, 2008, someone knocked the aerial over mid-set. Played 20 minutes to nobody.' },
      {
        by: 'demo_dj',
        text: "Played the warm-up for a friend's birthday. Put on my best banger at 9 pm to an empty room. Learned everything from that night.",
      },
      { by: 'cassette_carl', text: 'These stories are the best. Headphones story made me laugh out loud.', quote: 1 },
    ],
    chatter: 10,
  },
  {
    key: 'general-genre-labels',
    title: 'Do genre labels still mean anything?',
    category: 'General Discussion',
    author: 'oldskool_ollie',
    daysAgo: 47,
    opening:
      '<p>Tech house, minimal tech, deep tech, melodic house and techno... Do genre tags help anyone anymore, or are they just for store algorithms?</p>',
    replies: [
      { by: 'ravewriter', text: 'They help writers and nobody else. DJs dig by label, artist and feeling.' },
      { by: 'dusty_grooves', text: 'As a listener they help me find things. But I found my favourite records by ignoring them.' },
      { by: 'polyrhythm_pete', text: 'Genres are useful exactly until you try to describe your own music.' },
    ],
    chatter: 9,
  },
  {
    key: 'general-mixes-share',
    title: 'Share your latest mix (one per person, with a tracklist)',
    category: 'General Discussion',
    author: 'demo_dj',
    daysAgo: 16,
    opening:
      '<p>One mix per person, please include a tracklist or at least the vibe and the length. Listen to at least one other mix before posting yours.</p>',
    replies: [
      { by: 'tide_selector', text: 'Sunset deep house, 90 minutes, recorded live on the rooftop last Friday. Birds included at no extra cost.' },
      { by: 'kenji_404', text: 'Dub techno, 2 hours, one take on a rotary mixer.' },
      { by: 'skyline_sara', text: 'Future garage and breaks, 60 minutes. Late night Seoul vibes.' },
      { by: 'demo_dj', text: 'Listened to all three on the train today. @kenji_404 the transition into the second hour is unreal.' },
    ],
    chatter: 9,
  },
  {
    key: 'venue-sound-limits',
    title: 'Venue owners: how do you deal with noise limits?',
    category: 'Industry Talk',
    author: 'the_warehouse_nyc',
    daysAgo: 58,
    opening:
      '<p>Our neighbourhood is changing and we are getting more noise complaints. We already have a limiter on the system. What have other venues done that actually worked?</p>',
    replies: [
      {
        by: 'desk_tech_dan',
        text: 'Cardioid sub arrays. They cut the low end going backwards into the neighbours by a lot while the dancefloor stays the same.',
      },
      {
        by: 'night_shift_promo',
        text: 'Talk to the neighbours before they call the council. We give them guestlist and a phone number that someone actually answers.',
      },
    ],
    chatter: 6,
  },
];
