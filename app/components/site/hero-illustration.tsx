/**
 * The home hero's picture: a rising sun over soft hills, a growing plant and three people holding
 * hands (community, growth, happiness). Drawn inline in the theme's own colours, so it follows light
 * and dark mode and costs no request. Decorative: the heading beside it says everything.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 400" aria-hidden="true" className={className}>
      {/* sun and its rays */}
      <circle cx="300" cy="150" r="150" fill="var(--color-accent)" />
      <circle cx="300" cy="170" r="72" fill="var(--color-primary)" opacity="0.9" />
      <g stroke="var(--color-primary)" strokeWidth="6" strokeLinecap="round" opacity="0.55">
        <line x1="300" y1="62" x2="300" y2="30" />
        <line x1="224" y1="94" x2="202" y2="72" />
        <line x1="376" y1="94" x2="398" y2="72" />
        <line x1="192" y1="170" x2="160" y2="170" />
        <line x1="408" y1="170" x2="440" y2="170" />
      </g>
      {/* hills */}
      <path d="M0 300 C 90 230 170 240 250 280 S 400 320 480 260 V400 H0 Z" fill="var(--color-secondary)" />
      <path
        d="M0 340 C 120 290 220 300 320 330 S 440 350 480 330 V400 H0 Z"
        fill="var(--color-secondary-foreground)"
        opacity="0.25"
      />
      {/* a plant growing on the left */}
      <g fill="none" stroke="var(--color-secondary-foreground)" strokeWidth="5" strokeLinecap="round">
        <path d="M80 300 C 80 250 86 220 100 190" />
      </g>
      <path d="M100 190 C 130 180 140 150 128 132 C 104 142 94 166 100 190 Z" fill="var(--color-success)" />
      <path d="M84 250 C 56 246 42 222 48 204 C 72 208 86 228 84 250 Z" fill="var(--color-success)" opacity="0.8" />
      {/* three people holding hands */}
      <g fill="var(--color-foreground)">
        <circle cx="220" cy="246" r="16" />
        <circle cx="290" cy="232" r="18" />
        <circle cx="360" cy="246" r="16" />
        <path d="M204 270 h32 l6 70 h-44 Z" />
        <path d="M272 258 h36 l8 82 h-52 Z" fill="var(--color-primary)" />
        <path d="M344 270 h32 l4 70 h-44 Z" />
      </g>
      <g fill="none" stroke="var(--color-foreground)" strokeWidth="7" strokeLinecap="round">
        <path d="M236 282 C 250 272 258 270 272 268" />
        <path d="M308 268 C 322 270 330 272 344 282" />
        <path d="M204 282 C 192 268 186 254 184 238" />
        <path d="M376 282 C 388 268 394 254 396 238" />
      </g>
    </svg>
  );
}
