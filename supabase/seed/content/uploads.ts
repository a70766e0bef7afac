/** Tracks, mixes and sample packs on member profiles. Genres use the upload form's options. */
export interface SeedUpload {
  owner: string;
  title: string;
  description: string;
  type: 'track' | 'mix' | 'sample_pack';
  genre: 'Electronic' | 'Hip Hop' | 'Rock' | 'Pop' | 'Jazz' | 'Classical' | 'Folk' | 'Blues' | 'Reggae' | 'Latin' | 'World' | 'Other';
  tags: string[];
  file: string;
  isPublic: boolean;
  daysAgo: number;
}

export const UPLOADS: readonly SeedUpload[] = [
  { owner: 'demo_dj', title: 'Sunday Long Blend (Live at the Canal)', description: 'Three hours of tech house and minimal recorded live on a canal boat party. Long blends, no rush.', type: 'mix', genre: 'Electronic', tags: ['tech house', 'minimal', 'live'], file: 'sunday-long-blend.mp3', isPublic: true, daysAgo: 44 },
  { owner: 'demo_dj', title: 'Afro House Warm-Up Vol. 2', description: 'Warm-up set built from percussion-heavy afro house, 118 to 122 bpm.', type: 'mix', genre: 'Electronic', tags: ['afro house', 'warm-up'], file: 'afro-warmup-vol2.mp3', isPublic: true, daysAgo: 19 },
  { owner: 'demo_dj', title: 'Unfinished Edit (Do Not Share)', description: 'Work-in-progress edit for my own sets.', type: 'track', genre: 'Electronic', tags: ['edit', 'wip'], file: 'unfinished-edit.wav', isPublic: false, daysAgo: 3 },
  { owner: 'demo_producer', title: 'Tejo Field Recordings', description: 'Sample pack of river, tram and market recordings from Lisbon. 48 kHz, 24-bit, royalty free for members.', type: 'sample_pack', genre: 'World', tags: ['field recordings', 'foley', 'lisbon'], file: 'tejo-field-recordings.zip', isPublic: true, daysAgo: 90 },
  { owner: 'demo_producer', title: 'Salt Air (feat. Mira Sol)', description: 'Organic house with live percussion and Mira Sol on vocals.', type: 'track', genre: 'Electronic', tags: ['organic house', 'vocal'], file: 'salt-air.mp3', isPublic: true, daysAgo: 18 },
  { owner: 'demo_producer', title: 'Label Sampler Draft', description: 'Internal sampler for the next compilation. Not public yet.', type: 'track', genre: 'Electronic', tags: ['label', 'sampler'], file: 'label-sampler-draft.wav', isPublic: false, daysAgo: 5 },
  { owner: 'nadia_k', title: 'Warehouse Recording, 5 am', description: 'The last two hours of an all-night set. Hard, hypnotic, a bit broken.', type: 'mix', genre: 'Electronic', tags: ['techno', 'industrial', 'vinyl'], file: 'warehouse-5am.mp3', isPublic: true, daysAgo: 60 },
  { owner: 'lowend_theory', title: 'Sub Pressure', description: 'Dub-wise bass music at 140. Best on a system with real subs.', type: 'track', genre: 'Electronic', tags: ['dubstep', 'dub', 'bass'], file: 'sub-pressure.wav', isPublic: true, daysAgo: 75 },
  { owner: 'lowend_theory', title: 'Mono Sub Toolkit', description: '40 sub-bass one-shots, tuned and checked in mono.', type: 'sample_pack', genre: 'Electronic', tags: ['sub bass', 'one-shots'], file: 'mono-sub-toolkit.zip', isPublic: true, daysAgo: 32 },
  { owner: 'kofi_beats', title: 'Osu Nights', description: 'Amapiano roller with log drums and late-night piano.', type: 'track', genre: 'Electronic', tags: ['amapiano', 'log drum'], file: 'osu-nights.mp3', isPublic: true, daysAgo: 27 },
  { owner: 'kofi_beats', title: 'Log Drum Essentials', description: 'Sampled and synthesised log drums, with MIDI grooves.', type: 'sample_pack', genre: 'World', tags: ['amapiano', 'log drum', 'midi'], file: 'log-drum-essentials.zip', isPublic: true, daysAgo: 15 },
  { owner: 'vinyl_vera', title: 'Basement Disco Hour', description: 'Disco, Italo and boogie, all vinyl, recorded at the shop after closing.', type: 'mix', genre: 'Pop', tags: ['disco', 'italo', 'vinyl'], file: 'basement-disco-hour.mp3', isPublic: true, daysAgo: 52 },
  { owner: 'juno_waves', title: 'Southern Lights', description: 'Melodic techno with a long modular arpeggio build.', type: 'track', genre: 'Electronic', tags: ['melodic techno', 'modular'], file: 'southern-lights.wav', isPublic: true, daysAgo: 40 },
  { owner: 'kenji_404', title: 'Rotary Session 03', description: 'Two hours of dub techno on a rotary mixer, one take.', type: 'mix', genre: 'Electronic', tags: ['dub techno', 'minimal', 'rotary'], file: 'rotary-session-03.mp3', isPublic: true, daysAgo: 14 },
  { owner: 'tide_selector', title: 'Rooftop Sunset, Woodstock', description: 'Deep house sunset set, birds included.', type: 'mix', genre: 'Electronic', tags: ['deep house', 'sunset'], file: 'rooftop-sunset.mp3', isPublic: true, daysAgo: 16 },
  { owner: 'analog_anya', title: 'Acid Rain (Live Jam)', description: 'One-take live jam on two 303 clones and a drum machine.', type: 'track', genre: 'Electronic', tags: ['acid', 'live', 'hardware'], file: 'acid-rain-live.wav', isPublic: true, daysAgo: 36 },
  { owner: 'analog_anya', title: '303 Squelch Loops', description: '60 acid loops at 125 and 130 bpm, dry and with delay.', type: 'sample_pack', genre: 'Electronic', tags: ['acid', 'loops', '303'], file: '303-squelch-loops.zip', isPublic: true, daysAgo: 22 },
  { owner: 'moss_and_static', title: 'Glacier Tapes', description: 'Slow ambient from tape loops and glacier field recordings.', type: 'track', genre: 'Other', tags: ['ambient', 'drone', 'tape'], file: 'glacier-tapes.flac', isPublic: true, daysAgo: 84 },
  { owner: 'brass_and_bass', title: 'Frenchmen Street Breaks', description: 'Broken beat with live trumpet recorded in New Orleans.', type: 'track', genre: 'Jazz', tags: ['broken beat', 'jazz', 'live horns'], file: 'frenchmen-street-breaks.mp3', isPublic: true, daysAgo: 43 },
  { owner: 'brass_and_bass', title: 'Horn Stabs Vol. 1', description: 'Live trumpet and trombone stabs in every key.', type: 'sample_pack', genre: 'Jazz', tags: ['horns', 'stabs'], file: 'horn-stabs-vol1.zip', isPublic: true, daysAgo: 28 },
  { owner: 'mira_sol', title: 'Luz (Acapella)', description: 'Spanish and English acapella for remixes, 122 bpm, A minor.', type: 'track', genre: 'Latin', tags: ['acapella', 'vocal', 'remix'], file: 'luz-acapella.wav', isPublic: true, daysAgo: 35 },
  { owner: 'selecta_ines', title: 'Porto Club Tool Mix', description: 'Baile funk, kuduro and club tools, 130 bpm and up.', type: 'mix', genre: 'Latin', tags: ['baile funk', 'kuduro', 'club'], file: 'porto-club-tools.mp3', isPublic: true, daysAgo: 21 },
  { owner: 'deep_thabo', title: 'Durban Nights Gqom Mix', description: 'Dark, broken gqom for the late hours.', type: 'mix', genre: 'World', tags: ['gqom', 'durban'], file: 'durban-nights-gqom.mp3', isPublic: true, daysAgo: 47 },
  { owner: 'polyrhythm_pete', title: 'Five Against Four', description: 'Breakbeat experiment with polyrhythmic percussion.', type: 'track', genre: 'Electronic', tags: ['breakbeat', 'idm'], file: 'five-against-four.wav', isPublic: true, daysAgo: 58 },
  { owner: 'lena_loops', title: 'Kitchen Clicks', description: 'Microhouse percussion made entirely from kitchen sounds.', type: 'sample_pack', genre: 'Electronic', tags: ['microhouse', 'foley', 'percussion'], file: 'kitchen-clicks.zip', isPublic: true, daysAgo: 20 },
  { owner: 'riya_rhythm', title: 'Monsoon Raga (Premaster)', description: 'Melodic house with sitar samples. Premaster, for feedback.', type: 'track', genre: 'World', tags: ['melodic house', 'sitar'], file: 'monsoon-raga-premaster.wav', isPublic: false, daysAgo: 40 },
  { owner: 'skyline_sara', title: 'Seoul 4 AM', description: 'Future garage and breaks for the walk home.', type: 'mix', genre: 'Electronic', tags: ['future garage', 'breaks'], file: 'seoul-4am.mp3', isPublic: true, daysAgo: 13 },
  { owner: 'bassline_ben', title: 'Pirate Radio Memories', description: 'UK garage and 2-step selection from the pirate days.', type: 'mix', genre: 'Electronic', tags: ['uk garage', '2-step'], file: 'pirate-radio-memories.mp3', isPublic: true, daysAgo: 66 },
  { owner: 'zoe_in_the_mix', title: 'Filtre d\'Amour', description: 'French touch with filtered disco loops.', type: 'track', genre: 'Pop', tags: ['french house', 'disco'], file: 'filtre-damour.mp3', isPublic: true, daysAgo: 30 },
  { owner: 'mc_ridim', title: 'Jungle Toasts Pack', description: 'Hosting shouts and toasts for jungle and dancehall sets.', type: 'sample_pack', genre: 'Reggae', tags: ['jungle', 'mc', 'vocals'], file: 'jungle-toasts.zip', isPublic: true, daysAgo: 50 },
  { owner: 'newbie_nico', title: 'First Techno Track (v2)', description: 'My first finished techno track, updated after the forum feedback.', type: 'track', genre: 'Electronic', tags: ['techno', 'first track'], file: 'first-techno-v2.mp3', isPublic: true, daysAgo: 5 },
  { owner: 'tape_hiss', title: 'Four Track Morning', description: 'Bedroom ambient on a Tascam four-track.', type: 'track', genre: 'Other', tags: ['ambient', 'lo-fi', 'tape'], file: 'four-track-morning.mp3', isPublic: true, daysAgo: 9 },
];
