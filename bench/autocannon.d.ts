// autocannon ships no types; each bench declares the part of its API it uses.
declare module 'autocannon';
