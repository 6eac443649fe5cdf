// The variants and their rule options in words (`variant.*` and `option.*`: options.po), for
// the lobby's form, a room's line and the replay: the catalogue's, else what the server says.
import { has, t } from "./words.js";

/** A variant's title ("Classic UNO (official Mattel rules)"). */
export const variantTitle = (name, fallback = name) =>
  has(`variant.${name}.title`) ? t(`variant.${name}.title`) : fallback;
/** A variant's short name ("Classic UNO"), for a room's line. */
export const variantName = (name) => (has(`variant.${name}.name`) ? t(`variant.${name}.name`) : name);
/** An option's name in words ("Stacking"). */
export const optionName = (name) => (has(`option.${name}.name`) ? t(`option.${name}.name`) : name.replaceAll("_", " "));
/** An option's help in `variant`: the variant's own words, else the option's, else the server's. */
export function optionHelp(option, variant) {
  for (const key of [`option.${option.name}.help.${variant}`, `option.${option.name}.help`]) if (has(key)) return t(key);
  return option.help || "";
}
/** One value of a choice option in words. */
export const optionValue = (name, value) =>
  has(`option.${name}.value.${value}`) ? t(`option.${name}.value.${value}`) : String(value).replaceAll("_", " ");

/** A room's options ({name: value}, those off their default) in words, or "official rules". */
export function optionsSaid(options) {
  const entries = Object.entries(options || {});
  if (!entries.length) return t("page.room.official");
  return entries
    .map(([name, value]) => {
      const option = optionName(name);
      if (value === true) return option;
      if (value === false) return t("page.option.off", { option });
      if (value === null) return t("page.option.none", { option });
      return t("page.option.set", { option, value: typeof value === "string" ? optionValue(name, value) : value });
    })
    .join(", ");
}

/** A variant and its options in words: "Classic UNO (Stacking: any draw card, Seven-0)". */
export const rulesSaid = (variant, options) => t("page.rules", { variant: variantName(variant), options: optionsSaid(options) });
