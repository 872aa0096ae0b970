export declare const APP_PACKAGES: string[];
export declare const TEST_PACKAGES: string[];
export declare const APP_COMMANDS: Record<string, string>;
export declare const BENCH_PACKAGES: string[];
