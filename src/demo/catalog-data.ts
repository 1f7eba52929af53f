/** The demo catalogue's fixed content: brands, categories and product lines. */
import type { Palette, Shape } from './images.ts';

export interface BrandDef {
  key: string;
  name: string;
  mark: string;
  story: string;
  palette: Palette;
  category: string;
  lines: ProductLine[];
}

export interface ProductLine {
  name: string;
  shape: Shape;
  /** Market price in yuan; the sale price is a discount of it. */
  market: number;
  variants: 'clothes' | 'shoes' | 'kids' | 'colours' | 'volume';
  crossBorder?: boolean;
}

export const CATEGORIES = [
  { key: 'women', name: '女装', glyph: '裙' },
  { key: 'men', name: '男装', glyph: '衫' },
  { key: 'kids', name: '童装', glyph: '童' },
  { key: 'shoes', name: '鞋靴', glyph: '鞋' },
  { key: 'bags', name: '箱包', glyph: '包' },
  { key: 'home', name: '家居', glyph: '家' },
  { key: 'beauty', name: '美妆', glyph: '妆' },
  { key: 'outdoor', name: '运动户外', glyph: '动' },
] as const;

export const COLOURS = ['燕麦白', '雾霾蓝', '石墨黑', '焦糖棕', '橄榄绿', '樱花粉'];
export const CLOTHES_SIZES = ['S', 'M', 'L', 'XL'];
export const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42'];
export const KID_SIZES = ['90cm', '100cm', '110cm', '120cm', '130cm'];
export const VOLUMES = ['30ml', '50ml', '100ml'];

export const BRANDS: BrandDef[] = [
  {
    key: 'senye',
    name: '森野 SENYE',
    mark: '森',
    story: '源自山野的户外品牌，专注轻量、防风、可收纳的城市户外装备。',
    palette: { from: '#3f7d58', to: '#a7c957', ink: '#1f3d2b' },
    category: 'outdoor',
    lines: [
      { name: '轻量防风冲锋衣', shape: 'coat', market: 699, variants: 'clothes' },
      { name: '速干弹力徒步裤', shape: 'trousers', market: 399, variants: 'clothes' },
      { name: '抓绒保暖外套', shape: 'coat', market: 459, variants: 'clothes' },
      { name: '防晒遮阳渔夫帽', shape: 'buckethat', market: 159, variants: 'colours' },
      { name: '轻便登山徒步鞋', shape: 'shoe', market: 599, variants: 'shoes' },
      { name: '城市通勤双肩包', shape: 'bag', market: 329, variants: 'colours' },
      { name: '羽绒保暖马甲', shape: 'vest', market: 499, variants: 'clothes' },
      { name: '速干圆领运动T恤', shape: 'tee', market: 169, variants: 'clothes' },
    ],
  },
  {
    key: 'lizi',
    name: '栗子童装',
    mark: '栗',
    story: '给孩子的第一件好衣服：A 类面料，宽松版型，耐洗不起球。',
    palette: { from: '#e07a5f', to: '#f2cc8f', ink: '#6b2f1f' },
    category: 'kids',
    lines: [
      { name: '纯棉印花儿童卫衣', shape: 'kid', market: 199, variants: 'kids' },
      { name: '儿童加绒休闲裤', shape: 'trousers', market: 169, variants: 'kids' },
      { name: '宝宝连帽棉服', shape: 'kid', market: 299, variants: 'kids' },
      { name: '儿童学步鞋', shape: 'shoe', market: 189, variants: 'kids' },
      { name: '儿童防泼水书包', shape: 'bag', market: 229, variants: 'colours' },
      { name: '女童碎花连衣裙', shape: 'dress', market: 219, variants: 'kids' },
      { name: '儿童纯棉袜子五双装', shape: 'socks', market: 69, variants: 'kids' },
    ],
  },
  {
    key: 'bailu',
    name: '白鹭 BAILU',
    mark: '鹭',
    story: '为都市女性设计的通勤衣橱，好面料，好剪裁，穿得久。',
    palette: { from: '#8e7dbe', to: '#f1c0e8', ink: '#3d2e6b' },
    category: 'women',
    lines: [
      { name: '法式收腰连衣裙', shape: 'dress', market: 699, variants: 'clothes' },
      { name: '羊毛双面呢大衣', shape: 'coat', market: 1599, variants: 'clothes' },
      { name: '真丝印花衬衫', shape: 'tee', market: 599, variants: 'clothes' },
      { name: '高腰阔腿西装裤', shape: 'trousers', market: 459, variants: 'clothes' },
      { name: '针织开衫', shape: 'coat', market: 399, variants: 'clothes' },
      { name: '百褶半身长裙', shape: 'dress', market: 429, variants: 'clothes' },
      { name: '小香风短外套', shape: 'coat', market: 799, variants: 'clothes' },
      { name: '醋酸缎面吊带裙', shape: 'dress', market: 529, variants: 'clothes' },
    ],
  },
  {
    key: 'shiguang',
    name: '拾光皮具',
    mark: '拾',
    story: '头层牛皮手工缝制，一只包陪你走过很多年。',
    palette: { from: '#9c6644', to: '#ddb892', ink: '#4a2c1a' },
    category: 'bags',
    lines: [
      { name: '头层牛皮托特包', shape: 'bag', market: 1299, variants: 'colours' },
      { name: '复古邮差斜挎包', shape: 'bag', market: 899, variants: 'colours' },
      { name: '极简短款钱包', shape: 'wallet', market: 399, variants: 'colours' },
      { name: '商务公文包', shape: 'bag', market: 1499, variants: 'colours' },
      { name: '迷你水桶包', shape: 'bag', market: 699, variants: 'colours' },
      { name: '真皮腰带', shape: 'belt', market: 299, variants: 'colours' },
    ],
  },
  {
    key: 'yuedong',
    name: '跃动 LEAP',
    mark: '跃',
    story: '为跑者而生的缓震科技，每一步都更轻。',
    palette: { from: '#ef476f', to: '#ffd166', ink: '#7a1030' },
    category: 'shoes',
    lines: [
      { name: '缓震竞速跑鞋', shape: 'shoe', market: 799, variants: 'shoes' },
      { name: '透气网面休闲鞋', shape: 'shoe', market: 459, variants: 'shoes' },
      { name: '复古老爹鞋', shape: 'shoe', market: 599, variants: 'shoes' },
      { name: '防滑篮球鞋', shape: 'shoe', market: 899, variants: 'shoes' },
      { name: '一脚蹬帆布鞋', shape: 'shoe', market: 259, variants: 'shoes' },
      { name: '运动速干短袖', shape: 'tee', market: 199, variants: 'clothes' },
      { name: '运动棒球帽', shape: 'cap', market: 129, variants: 'colours' },
    ],
  },
  {
    key: 'hemu',
    name: '禾木家居',
    mark: '禾',
    story: '新疆长绒棉与天然乳胶，把好睡眠带回家。',
    palette: { from: '#5e7ce2', to: '#9ad1d4', ink: '#1d2f6b' },
    category: 'home',
    lines: [
      { name: '长绒棉四件套', shape: 'pillow', market: 899, variants: 'colours' },
      { name: '天然乳胶枕', shape: 'pillow', market: 399, variants: 'colours' },
      { name: '水洗棉夏凉被', shape: 'pillow', market: 459, variants: 'colours' },
      { name: '珊瑚绒家居服', shape: 'coat', market: 299, variants: 'clothes' },
      { name: '吸水速干浴巾', shape: 'towel', market: 129, variants: 'colours' },
      { name: '记忆棉靠垫', shape: 'pillow', market: 159, variants: 'colours' },
    ],
  },
  {
    key: 'xiaoman',
    name: '小满美妆',
    mark: '满',
    story: '温和有效的植物护肤，敏感肌也能放心用。',
    palette: { from: '#f4a261', to: '#e9c46a', ink: '#6b3a12' },
    category: 'beauty',
    lines: [
      { name: '玻尿酸保湿精华', shape: 'bottle', market: 329, variants: 'volume' },
      { name: '氨基酸洁面乳', shape: 'bottle', market: 129, variants: 'volume' },
      { name: '清透防晒乳 SPF50', shape: 'bottle', market: 199, variants: 'volume' },
      { name: '修护面霜', shape: 'bottle', market: 389, variants: 'volume' },
      {
        name: '日本进口卸妆油',
        shape: 'bottle',
        market: 259,
        variants: 'volume',
        crossBorder: true,
      },
      {
        name: '韩国进口补水面膜',
        shape: 'sachet',
        market: 199,
        variants: 'volume',
        crossBorder: true,
      },
    ],
  },
  {
    key: 'jijian',
    name: '极简男装',
    mark: '简',
    story: '少即是多：基础款做到极致，男人衣橱的长期主义。',
    palette: { from: '#264653', to: '#2a9d8f', ink: '#0d1f26' },
    category: 'men',
    lines: [
      { name: '重磅纯棉T恤', shape: 'tee', market: 159, variants: 'clothes' },
      { name: '免烫商务衬衫', shape: 'tee', market: 359, variants: 'clothes' },
      { name: '羊毛混纺夹克', shape: 'coat', market: 999, variants: 'clothes' },
      { name: '弹力修身牛仔裤', shape: 'trousers', market: 399, variants: 'clothes' },
      { name: '轻薄羽绒服', shape: 'coat', market: 899, variants: 'clothes' },
      { name: '真皮德比鞋', shape: 'shoe', market: 1099, variants: 'shoes' },
      { name: '美利奴羊毛衫', shape: 'coat', market: 599, variants: 'clothes' },
    ],
  },
];
