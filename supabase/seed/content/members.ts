import { DEMO_ACCOUNTS, SEED_MEMBER_PASSWORD, SEED_STAFF_ACCOUNTS } from '../../../src/lib/demo-accounts';

export type SeedRole =
  | 'admin' | 'moderator' | 'editor' | 'dj' | 'producer' | 'fan' | 'member' | 'vocalist' | 'label' | 'promoter'
  | 'venue_owner' | 'sound_engineer' | 'visual_artist' | 'dancer' | 'music_journalist' | 'educator';

export interface SeedMember {
  username: string;
  displayName: string;
  location: string;
  role: SeedRole;
  genres: string[];
  bio: string;
  signature?: string;
  social: Partial<Record<'soundcloud' | 'mixcloud' | 'youtube' | 'spotify' | 'instagram' | 'twitter' | 'facebook' | 'website', string>>;
  tier?: 'free' | 'pro' | 'label';
  tipJar?: { type: 'crypto'; address: string } | { type: 'paypal'; email: string };
  featured?: boolean;
  /** long-standing karma from before the seeded history (triggers add the rest) */
  baseKarma: number;
  /** days since the member joined */
  joinedDaysAgo: number;
  /** members without a stored avatar show the generated fallback */
  noAvatar?: boolean;
}

export interface SeedAccount extends SeedMember {
  email: string;
  password: string;
}

const staff = (role: 'admin' | 'moderator') => {
  const account = SEED_STAFF_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no ${role} account in demo-accounts.ts`);
  return account;
};
const demo = (kind: 'dj' | 'producer') => {
  const account = DEMO_ACCOUNTS.find((a) => a.kind === kind);
  if (!account) throw new Error(`no ${kind} demo account in demo-accounts.ts`);
  return account;
};

const admin = staff('admin');
const moderator = staff('moderator');
const demoDj = demo('dj');
const demoProducer = demo('producer');

/** Named accounts with fixed credentials from src/lib/demo-accounts.ts. */
const namedMembers: SeedAccount[] = [
  {
    username: admin.username, email: admin.email, password: admin.password,
    displayName: 'Circle Admin', location: 'Berlin, Germany', role: 'admin',
    genres: ['Techno', 'House', 'Electro'],
    bio: 'Keeping the lights on at DJ Circle. Ex-resident at a basement club that no longer exists, now I mostly wrangle servers and the blog. Ping me if something is broken.',
    signature: '<b>Circle Admin</b> · read the <a href="/guidelines">guidelines</a> before you post',
    social: { website: 'https://djcircle.example', instagram: 'https://instagram.com/djcircle' },
    tier: 'label', baseKarma: 620, joinedDaysAgo: 240,
  },
  {
    username: moderator.username, email: moderator.email, password: moderator.password,
    displayName: 'Floor Mod', location: 'Manchester, UK', role: 'moderator',
    genres: ['Drum & Bass', 'Jungle', 'UK Garage'],
    bio: 'Volunteer moderator. Jungle head since the tape-pack days. I move threads to the right category and keep the feedback honest but kind.',
    signature: '<i>Be sound to each other.</i> Report, don\'t reply.',
    social: { mixcloud: 'https://mixcloud.com/floormod', twitter: 'https://twitter.com/floormod' },
    tier: 'free', baseKarma: 410, joinedDaysAgo: 230,
  },
  {
    username: demoDj.username, email: demoDj.email, password: demoDj.password,
    displayName: 'Demo DJ', location: 'Amsterdam, Netherlands', role: 'dj',
    genres: ['Tech House', 'Minimal', 'Afro House'],
    bio: 'Weekend warrior behind the decks: warm-up sets, long blends and the occasional 4-hour closing. Always digging for tracks with a proper groove.',
    signature: 'Now playing: <b>the long blend</b> · bookings via DM',
    social: { soundcloud: 'https://soundcloud.com/demo-dj', mixcloud: 'https://mixcloud.com/demo-dj', instagram: 'https://instagram.com/demo.dj' },
    tier: demoDj.tier, tipJar: { type: 'paypal', email: 'https://paypal.me/demodj' }, featured: true,
    baseKarma: 180, joinedDaysAgo: 150,
  },
  {
    username: demoProducer.username, email: demoProducer.email, password: demoProducer.password,
    displayName: 'Demo Producer', location: 'Lisbon, Portugal', role: 'producer',
    genres: ['Deep House', 'Downtempo', 'Organic House'],
    bio: 'Running a small label from a spare room with too many synths. Ableton and a Prophet, field recordings from the Tejo. Demos welcome if they have a story.',
    signature: 'Label inbox open for <b>organic & deep</b> demos',
    social: { soundcloud: 'https://soundcloud.com/demo-producer', spotify: 'https://open.spotify.com/artist/demoproducer', website: 'https://demoproducer.example' },
    tier: demoProducer.tier, tipJar: { type: 'crypto', address: 'bc1qdemoproducer7x3l4u9k2w0tipjar8s6f' }, featured: true,
    baseKarma: 240, joinedDaysAgo: 170,
  },
];

/** Everyone else signs in with SEED_MEMBER_PASSWORD at <username>@demo.djcircle.local. */
const communityMembers: SeedMember[] = [
  { username: 'nadia_k', displayName: 'Nadia K', location: 'Tbilisi, Georgia', role: 'dj', genres: ['Techno', 'Industrial'], bio: 'Hard, hypnotic and a little bit broken. Resident at a Tbilisi warehouse, vinyl first, USB when the turntables feed back.', signature: 'Vinyl only (mostly).', social: { soundcloud: 'https://soundcloud.com/nadia-k', instagram: 'https://instagram.com/nadiak.techno' }, tier: 'pro', featured: true, tipJar: { type: 'crypto', address: '0x7a2b9f0c1d3e4f5a6b7c8d9e0f1a2b3c4d5e6f70' }, baseKarma: 530, joinedDaysAgo: 210 },
  { username: 'lowend_theory', displayName: 'Low End Theory', location: 'Bristol, UK', role: 'producer', genres: ['Dubstep', 'Dub', 'Bass'], bio: 'Sub-bass obsessive. If your 40 Hz is not in mono we need to talk. Making dub-wise bass music since 2009.', signature: 'Check your mono.', social: { soundcloud: 'https://soundcloud.com/lowendtheory', youtube: 'https://youtube.com/@lowendtheory' }, baseKarma: 470, joinedDaysAgo: 205 },
  { username: 'mira_sol', displayName: 'Mira Sol', location: 'Mexico City, Mexico', role: 'vocalist', genres: ['Afro House', 'Latin House', 'Soulful House'], bio: 'Singer and topliner. I write hooks in Spanish and English and love working with producers who leave space for a voice.', social: { instagram: 'https://instagram.com/mirasol.voz', spotify: 'https://open.spotify.com/artist/mirasol' }, tipJar: { type: 'paypal', email: 'mira.sol@demo.djcircle.local' }, featured: true, baseKarma: 260, joinedDaysAgo: 120 },
  { username: 'kofi_beats', displayName: 'Kofi Mensah', location: 'Accra, Ghana', role: 'producer', genres: ['Amapiano', 'Afrobeats', 'Afro House'], bio: 'Log drums and late nights. Producer and part-time sound engineer at a studio in Osu.', signature: 'Log drum or nothing', social: { soundcloud: 'https://soundcloud.com/kofibeats', instagram: 'https://instagram.com/kofibeats' }, tier: 'pro', baseKarma: 340, joinedDaysAgo: 160 },
  { username: 'vinyl_vera', displayName: 'Vera Lindqvist', location: 'Stockholm, Sweden', role: 'dj', genres: ['Disco', 'Italo', 'Boogie'], bio: 'Record shop clerk by day, disco selector by night. My crates smell like a Stockholm basement and I would not change it.', social: { mixcloud: 'https://mixcloud.com/vinylvera' }, baseKarma: 390, joinedDaysAgo: 200 },
  { username: 'bassline_ben', displayName: 'Ben Okafor', location: 'London, UK', role: 'dj', genres: ['UK Garage', 'Bassline', 'Speed Garage'], bio: '2-step forever. Pirate radio kid turned club DJ. Ask me about swing percentages.', social: { soundcloud: 'https://soundcloud.com/basslineben', twitter: 'https://twitter.com/basslineben' }, baseKarma: 220, joinedDaysAgo: 140 },
  { username: 'juno_waves', displayName: 'Juno Waves', location: 'Melbourne, Australia', role: 'producer', genres: ['Melodic Techno', 'Progressive House'], bio: 'Arps, pads and long builds. Learning modular one patch cable at a time.', social: { soundcloud: 'https://soundcloud.com/junowaves', youtube: 'https://youtube.com/@junowaves' }, baseKarma: 150, joinedDaysAgo: 95 },
  { username: 'hexagon_records', displayName: 'Hexagon Records', location: 'Detroit, USA', role: 'label', genres: ['Detroit Techno', 'Electro'], bio: 'Independent label since 2011. Machine soul from the Motor City. We listen to every demo, eventually.', social: { website: 'https://hexagonrecords.example', soundcloud: 'https://soundcloud.com/hexagonrecords' }, tier: 'label', featured: true, baseKarma: 310, joinedDaysAgo: 215 },
  { username: 'night_shift_promo', displayName: 'Night Shift', location: 'Leeds, UK', role: 'promoter', genres: ['House', 'Techno'], bio: 'Running monthly parties in a railway arch. 400 capacity, one rule: no phones on the dancefloor.', social: { instagram: 'https://instagram.com/nightshiftleeds', facebook: 'https://facebook.com/nightshiftleeds' }, tier: 'label', baseKarma: 200, joinedDaysAgo: 180 },
  { username: 'the_warehouse_nyc', displayName: 'The Warehouse', location: 'Brooklyn, USA', role: 'venue_owner', genres: ['House', 'Disco', 'Techno'], bio: 'Warehouse venue in Bushwick with a Funktion-One rig and a 6 am licence. Booking enquiries through the website.', social: { website: 'https://thewarehouse.example', instagram: 'https://instagram.com/thewarehousebk' }, baseKarma: 120, joinedDaysAgo: 175 },
  { username: 'desk_tech_dan', displayName: 'Dan Reyes', location: 'Austin, USA', role: 'sound_engineer', genres: ['Funk', 'House'], bio: 'Live sound and system tuning. I have time-aligned more subs than I have had hot dinners. Happy to answer PA questions.', signature: 'Gain staging is a lifestyle.', social: { website: 'https://deskdan.example' }, baseKarma: 430, joinedDaysAgo: 190 },
  { username: 'lumen_visuals', displayName: 'Lumen', location: 'Montreal, Canada', role: 'visual_artist', genres: ['Ambient', 'Techno'], bio: 'VJ and projection mapping. Touchdesigner, lasers and too much haze.', social: { instagram: 'https://instagram.com/lumen.visuals', youtube: 'https://youtube.com/@lumenvisuals' }, baseKarma: 90, joinedDaysAgo: 110 },
  { username: 'footwork_fia', displayName: 'Fia Morales', location: 'Chicago, USA', role: 'dancer', genres: ['Footwork', 'Juke', 'Ghetto House'], bio: 'Footwork dancer and teacher. 160 bpm is my resting heart rate.', social: { instagram: 'https://instagram.com/footworkfia', youtube: 'https://youtube.com/@footworkfia' }, baseKarma: 70, joinedDaysAgo: 85 },
  { username: 'ravewriter', displayName: 'Sam Adeyemi', location: 'Glasgow, UK', role: 'music_journalist', genres: ['Electronica', 'House', 'Techno'], bio: 'Freelance music writer. Reviews, scene reports and the occasional long read about club culture. Send promos, I do listen.', social: { twitter: 'https://twitter.com/ravewriter', website: 'https://ravewriter.example' }, baseKarma: 280, joinedDaysAgo: 165 },
  { username: 'prof_synth', displayName: 'Dr. Ana Petrova', location: 'Sofia, Bulgaria', role: 'educator', genres: ['Ambient', 'Experimental', 'Techno'], bio: 'Teaching sound design and synthesis at a music college. I answer theory questions with diagrams whether you want them or not.', signature: 'Filters before effects.', social: { youtube: 'https://youtube.com/@profsynth', website: 'https://profsynth.example' }, baseKarma: 510, joinedDaysAgo: 220 },
  { username: 'dusty_grooves', displayName: 'Dusty Grooves', location: 'Osaka, Japan', role: 'fan', genres: ['Jazz', 'Hip Hop', 'Soul'], bio: 'Crate digger and listener. I go to more parties than most DJs I know.', social: {}, baseKarma: 60, joinedDaysAgo: 100 },
  { username: 'tide_selector', displayName: 'Tide', location: 'Cape Town, South Africa', role: 'dj', genres: ['Deep House', 'Afro Tech'], bio: 'Sunset sets and long deep transitions. Resident at a rooftop in Woodstock.', social: { mixcloud: 'https://mixcloud.com/tideselector', instagram: 'https://instagram.com/tideselector' }, tipJar: { type: 'paypal', email: 'https://paypal.me/tideselector' }, baseKarma: 190, joinedDaysAgo: 130 },
  { username: 'polyrhythm_pete', displayName: 'Pete Halloran', location: 'Dublin, Ireland', role: 'producer', genres: ['Breakbeat', 'Electro', 'IDM'], bio: 'Chopping breaks since Windows 98. Currently obsessed with 5-against-4.', social: { soundcloud: 'https://soundcloud.com/polyrhythmpete' }, baseKarma: 240, joinedDaysAgo: 155 },
  { username: 'selecta_ines', displayName: 'Inês Carvalho', location: 'Porto, Portugal', role: 'dj', genres: ['Baile Funk', 'Kuduro', 'Club'], bio: 'Global club sounds. If it has a drum pattern you have never heard, I want it.', social: { soundcloud: 'https://soundcloud.com/selectaines', instagram: 'https://instagram.com/selectaines' }, baseKarma: 170, joinedDaysAgo: 90 },
  { username: 'moss_and_static', displayName: 'Moss & Static', location: 'Reykjavik, Iceland', role: 'producer', genres: ['Ambient', 'Drone', 'Downtempo'], bio: 'Field recordings, tape loops and very slow music. Sound for films and galleries.', social: { website: 'https://mossandstatic.example', spotify: 'https://open.spotify.com/artist/mossandstatic' }, baseKarma: 130, joinedDaysAgo: 145 },
  { username: 'kenji_404', displayName: 'Kenji Watanabe', location: 'Tokyo, Japan', role: 'dj', genres: ['Techno', 'Minimal', 'Dub Techno'], bio: 'Dub techno and minimal. Long sets, rotary mixer, patience.', social: { mixcloud: 'https://mixcloud.com/kenji404' }, tier: 'pro', baseKarma: 300, joinedDaysAgo: 185 },
  { username: 'amara_sounds', displayName: 'Amara Obi', location: 'Lagos, Nigeria', role: 'vocalist', genres: ['Afrobeats', 'R&B', 'Afro House'], bio: 'Vocalist and songwriter. Features, hooks and ad-libs. Let us make something that moves people.', social: { instagram: 'https://instagram.com/amarasounds', spotify: 'https://open.spotify.com/artist/amarasounds' }, baseKarma: 110, joinedDaysAgo: 75 },
  { username: 'gridlock_events', displayName: 'Gridlock Events', location: 'Warsaw, Poland', role: 'promoter', genres: ['Hard Techno', 'Hardgroove'], bio: 'Warehouse raves in Warsaw. Lineups announced 48 hours before, location 4 hours before.', social: { instagram: 'https://instagram.com/gridlockwarsaw' }, baseKarma: 95, joinedDaysAgo: 125 },
  { username: 'cassette_carl', displayName: 'Carl Jensen', location: 'Copenhagen, Denmark', role: 'fan', genres: ['Lo-fi', 'House', 'Ambient'], bio: 'Listener, collector of mixtapes, terrible at dancing but I try anyway.', social: {}, baseKarma: 40, joinedDaysAgo: 60, noAvatar: true },
  { username: 'riya_rhythm', displayName: 'Riya Shah', location: 'Mumbai, India', role: 'producer', genres: ['Melodic House', 'Indian Classical', 'Downtempo'], bio: 'Sitar samples meet four-to-the-floor. Producer and sound designer for ad jingles by day.', social: { soundcloud: 'https://soundcloud.com/riyarhythm', instagram: 'https://instagram.com/riya.rhythm' }, baseKarma: 160, joinedDaysAgo: 105 },
  { username: 'subframe_audio', displayName: 'Subframe Audio', location: 'Hamburg, Germany', role: 'label', genres: ['Dub Techno', 'Deep Techno'], bio: 'Vinyl-only label for deep, dubby techno. Small runs, hand-stamped sleeves.', social: { website: 'https://subframe.example', soundcloud: 'https://soundcloud.com/subframeaudio' }, tier: 'label', baseKarma: 180, joinedDaysAgo: 195 },
  { username: 'marco_b2b', displayName: 'Marco Bellini', location: 'Milan, Italy', role: 'dj', genres: ['Italo Disco', 'Nu Disco', 'House'], bio: 'Half of a b2b duo. Italo records, Italian coffee, Italian timekeeping.', social: { instagram: 'https://instagram.com/marcob2b', mixcloud: 'https://mixcloud.com/marcob2b' }, baseKarma: 140, joinedDaysAgo: 115 },
  { username: 'echo_chamber', displayName: 'Echo Chamber', location: 'Seattle, USA', role: 'sound_engineer', genres: ['Dub', 'Reggae', 'Bass'], bio: 'Mix and mastering engineer. Tape delays, spring reverbs and a soft spot for dub plates.', social: { website: 'https://echochamber.example' }, tipJar: { type: 'crypto', address: 'bc1qechochamber4m9tipjar0q2w3e4r5t6y7u8' }, baseKarma: 350, joinedDaysAgo: 170 },
  { username: 'zoe_in_the_mix', displayName: 'Zoe Laurent', location: 'Paris, France', role: 'dj', genres: ['French House', 'Disco', 'Electro'], bio: 'Filtered disco loops and a lot of sidechain. Started on my dad\'s turntables.', social: { soundcloud: 'https://soundcloud.com/zoeinthemix', instagram: 'https://instagram.com/zoeinthemix' }, baseKarma: 125, joinedDaysAgo: 80 },
  { username: 'bpm_benny', displayName: 'Benny Costa', location: 'Sao Paulo, Brazil', role: 'fan', genres: ['Drum & Bass', 'Liquid'], bio: 'Liquid drum and bass addict. I rate every mix out of ten in my head.', social: { twitter: 'https://twitter.com/bpmbenny' }, baseKarma: 55, joinedDaysAgo: 70 },
  { username: 'analog_anya', displayName: 'Anya Volkova', location: 'Riga, Latvia', role: 'producer', genres: ['Acid', 'Electro', 'Techno'], bio: 'Live hardware sets only: two 303 clones, a drum machine and a mixer with one broken channel.', signature: 'Squelch responsibly.', social: { soundcloud: 'https://soundcloud.com/analoganya', youtube: 'https://youtube.com/@analoganya' }, tier: 'pro', baseKarma: 290, joinedDaysAgo: 160 },
  { username: 'deep_thabo', displayName: 'Thabo Nkosi', location: 'Johannesburg, South Africa', role: 'dj', genres: ['Gqom', 'Amapiano', 'Deep House'], bio: 'From township taverns to festival stages. Gqom and deep house, no skips.', social: { instagram: 'https://instagram.com/deepthabo', soundcloud: 'https://soundcloud.com/deepthabo' }, baseKarma: 210, joinedDaysAgo: 135 },
  { username: 'hannah_hz', displayName: 'Hannah Fischer', location: 'Vienna, Austria', role: 'educator', genres: ['House', 'Techno'], bio: 'I run beginner DJ workshops for women and non-binary folks. Patience, headphones and lots of cue points.', social: { website: 'https://hannahhz.example', instagram: 'https://instagram.com/hannah.hz' }, baseKarma: 230, joinedDaysAgo: 150 },
  { username: 'glitch_garden', displayName: 'Glitch Garden', location: 'Portland, USA', role: 'visual_artist', genres: ['IDM', 'Glitch', 'Ambient'], bio: 'Generative visuals and album art. Everything I make starts as a bug.', social: { instagram: 'https://instagram.com/glitchgarden' }, baseKarma: 65, joinedDaysAgo: 65 },
  { username: 'rooftop_rosa', displayName: 'Rosa Jimenez', location: 'Barcelona, Spain', role: 'promoter', genres: ['Balearic', 'Disco', 'House'], bio: 'Summer rooftop sessions in Poblenou. Sunset to midnight, neighbours permitting.', social: { instagram: 'https://instagram.com/rooftoprosa' }, baseKarma: 105, joinedDaysAgo: 100 },
  { username: 'tape_hiss', displayName: 'Tape Hiss', location: 'Helsinki, Finland', role: 'member', genres: ['Lo-fi', 'Ambient'], bio: 'Lurker turned poster. Making bedroom ambient on a four-track.', social: {}, baseKarma: 30, joinedDaysAgo: 40, noAvatar: true },
  { username: 'mc_ridim', displayName: 'MC Ridim', location: 'Kingston, Jamaica', role: 'vocalist', genres: ['Dancehall', 'Reggae', 'Jungle'], bio: 'Hosting and toasting over jungle and dancehall. Big up every selector who rewinds properly.', social: { instagram: 'https://instagram.com/mcridim', youtube: 'https://youtube.com/@mcridim' }, baseKarma: 145, joinedDaysAgo: 95 },
  { username: 'lena_loops', displayName: 'Lena Braun', location: 'Leipzig, Germany', role: 'producer', genres: ['Minimal', 'Microhouse'], bio: 'Microhouse and clicks. Every sound in my tracks started as something in my kitchen.', social: { soundcloud: 'https://soundcloud.com/lenaloops' }, baseKarma: 120, joinedDaysAgo: 88 },
  { username: 'newbie_nico', displayName: 'Nico Alvarez', location: 'Buenos Aires, Argentina', role: 'fan', genres: ['Progressive House', 'Melodic Techno'], bio: 'Just bought my first controller. Here to learn and not train-wreck my friends\' birthday party.', social: {}, baseKarma: 10, joinedDaysAgo: 12 },
  { username: 'skyline_sara', displayName: 'Sara Kim', location: 'Seoul, South Korea', role: 'dj', genres: ['K-House', 'Future Garage', 'Breaks'], bio: 'Seoul club nights and online radio. Future garage at 4 am is a spiritual experience.', social: { mixcloud: 'https://mixcloud.com/skylinesara', instagram: 'https://instagram.com/skylinesara' }, baseKarma: 135, joinedDaysAgo: 50 },
  { username: 'oldskool_ollie', displayName: 'Ollie Grant', location: 'Sheffield, UK', role: 'editor', genres: ['Bleep', 'Techno', 'Breakbeat'], bio: 'Helps edit The Beat Drop. Been raving since the bleep records came out of this city.', social: { twitter: 'https://twitter.com/oldskoolollie' }, baseKarma: 260, joinedDaysAgo: 200 },
  { username: 'quiet_quasar', displayName: 'Quasar', location: 'Auckland, New Zealand', role: 'member', genres: ['Psytrance', 'Progressive'], bio: 'Listener and festival goer. Occasionally I finish a track.', social: {}, baseKarma: 25, joinedDaysAgo: 30 },
  { username: 'brass_and_bass', displayName: 'Jamal Wright', location: 'New Orleans, USA', role: 'producer', genres: ['Jazz House', 'Broken Beat', 'Funk'], bio: 'Trumpet player gone electronic. Live horns over broken beat, recorded in a shotgun house.', social: { soundcloud: 'https://soundcloud.com/brassandbass', spotify: 'https://open.spotify.com/artist/brassandbass' }, tipJar: { type: 'paypal', email: 'https://paypal.me/brassandbass' }, baseKarma: 175, joinedDaysAgo: 120 },
];

export const SEED_EMAIL_DOMAIN = 'demo.djcircle.local';

export const MEMBERS: readonly SeedAccount[] = [
  ...namedMembers,
  ...communityMembers.map((m) => ({ ...m, email: `${m.username}@${SEED_EMAIL_DOMAIN}`, password: SEED_MEMBER_PASSWORD })),
];

export function member(username: string): SeedAccount {
  const found = MEMBERS.find((m) => m.username === username);
  if (!found) throw new Error(`seed content names an unknown member: ${username}`);
  return found;
}
