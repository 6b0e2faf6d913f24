// Vite handles CSS imports; the type checker only needs to know they are modules.
declare module '*.css' {}
