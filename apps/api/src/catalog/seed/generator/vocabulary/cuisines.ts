import type { SearchCategory } from "@tavolo/shared/categories";
import type { Weighted } from "../prng";
import type { Cuisine } from "./types";
import { ETHNIC_CUISINES } from "./ethnic-cuisines";
import names from "./names.json" with { type: "json" };
import descriptions from "./descriptions.json" with { type: "json" };

const MEAT: Cuisine = {
  category: "carne",
  types: [
    ["braceria", 50],
    ["trattoria", 20],
    ["osteria", 15],
    ["ristorante", 15],
  ],
  extras: [["italiano", 0.5]],
  cores: names.cores.meat,
  descriptions: descriptions.cuisines.carne,
};

const FISH: Cuisine = {
  category: "pesce",
  types: [
    ["ristorante", 50],
    ["trattoria", 25],
    ["osteria", 25],
  ],
  extras: [["italiano", 0.5]],
  cores: names.cores.fish,
  descriptions: descriptions.cuisines.pesce,
};

const PIZZA: Cuisine = {
  category: "pizza",
  types: [["pizzeria", 1]],
  extras: [
    ["italiano", 0.4],
    ["vegetariano", 0.1],
  ],
  cores: names.cores.pizza,
  descriptions: descriptions.cuisines.pizza,
};

const SUSHI: Cuisine = {
  category: "sushi",
  types: [["sushi bar", 1]],
  extras: [
    ["pesce", 0.5],
    ["etnico", 0.5],
  ],
  cores: names.cores.sushi,
  descriptions: descriptions.cuisines.sushi,
};

const BURGER: Cuisine = {
  category: "hamburger",
  types: [["hamburgeria", 1]],
  extras: [
    ["carne", 0.6],
    ["vegetariano", 0.1],
  ],
  cores: [],
  descriptions: descriptions.cuisines.hamburger,
};

const VEGETARIAN: Cuisine = {
  category: "vegetariano",
  types: [
    ["bistrot", 50],
    ["ristorante", 30],
    ["osteria", 20],
  ],
  extras: [
    ["vegano", 0.35],
    ["italiano", 0.3],
  ],
  cores: names.cores.veggie,
  descriptions: descriptions.cuisines.vegetariano,
};

const VEGAN: Cuisine = {
  category: "vegano",
  types: [
    ["bistrot", 60],
    ["ristorante", 40],
  ],
  extras: [["vegetariano", 0.7]],
  cores: names.cores.veggie,
  descriptions: descriptions.cuisines.vegano,
};

const ITALIAN: Cuisine = {
  category: "italiano",
  types: [
    ["trattoria", 35],
    ["osteria", 25],
    ["ristorante", 25],
    ["enoteca", 15],
  ],
  extras: [
    ["carne", 0.3],
    ["pesce", 0.25],
    ["vegetariano", 0.1],
  ],
  cores: names.cores.italian,
  descriptions: descriptions.cuisines.italiano,
};

export const CUISINES_BY_CATEGORY: Record<SearchCategory, Weighted<Cuisine>> = {
  carne: [[MEAT, 1]],
  pesce: [[FISH, 1]],
  pizza: [[PIZZA, 1]],
  sushi: [[SUSHI, 1]],
  hamburger: [[BURGER, 1]],
  vegetariano: [[VEGETARIAN, 1]],
  vegano: [[VEGAN, 1]],
  italiano: [[ITALIAN, 1]],
  etnico: ETHNIC_CUISINES,
};
